package dev.blockwipe;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.schedule.JobScheduler;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Journal;
import dev.blockwipe.report.Journals;
import dev.blockwipe.service.Admission;
import dev.blockwipe.service.WipeService;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.nio.file.Files;
import java.util.List;

/**
 * The package rules of src/docs/development.md (Layout): the core knows nothing of JavaFX, JNA or
 * OSHI; the window and the CLI admit and wipe through one service.
 */
@AnalyzeClasses(packages = "dev.blockwipe", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * The layers, bottom up; each uses only those named for it, and {@code cli} and {@code ui} never
     * each other.
     * <ul>
     * <li>{@code engine}: wiping a {@link BlockTarget}: methods, patterns, jobs, scheduling,
     *     verification, failing media. Knows no devices and no front end.</li>
     * <li>{@code devices}: the machine's storage as facts and judgements: the device graph, safety
     *     rules, admission checks ({@link Preflight}), the host's identity, and the interfaces
     *     through which the machine is read and opened ({@code InventorySource},
     *     {@code TargetOpener}, {@code TestDisks}).</li>
     * <li>{@code report}: the paperwork: certificates, journals, settings, JSON and PDF. Writes
     *     about devices and jobs, so it sits on both.</li>
     * <li>{@code linux}: the one implementation of the interfaces below it on this kernel (JNA,
     *     OSHI, sysfs, /proc). Independent of {@code report}: reading a machine needs no
     *     paperwork.</li>
     * <li>{@code service}: admission and wipes for both front ends ({@link Admission},
     *     {@link WipeService}). Above {@code linux} but not using it: it gets the machine
     *     through the {@code devices} interfaces its caller hands in, so it runs against fakes
     *     in its tests as it runs against the kernel.</li>
     * <li>{@code cli}, {@code ui}: the two front ends, which render and ask, and take this
     *     machine's implementations from {@code linux} (the window's are built in
     *     {@code BlockwipeApp.linuxServices}). Neither uses the other: what both need sits below
     *     them.</li>
     * <li>{@code tui}: the console UI, one more view of the window's view models (the device tree,
     *     the jobs, the wipe dialog's model): it uses {@code ui}'s models, never its controls.</li>
     * <li>{@code Main}: picks a front end; nothing uses it.</li>
     * </ul>
     * The rule reads bytecode, so a compile-time constant of another layer (a {@code static final}
     * String or number, which javac copies into the user) is no dependency it can see.
     */
    @ArchTest
    static final ArchRule layersUseOnlyTheLayersBelowThem = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("Engine").definedBy("dev.blockwipe.engine..")
            .layer("Devices").definedBy("dev.blockwipe.devices..")
            .layer("Report").definedBy("dev.blockwipe.report..")
            .layer("Linux").definedBy("dev.blockwipe.linux..")
            .layer("Service").definedBy("dev.blockwipe.service..")
            .layer("Cli").definedBy("dev.blockwipe.cli..")
            .layer("Ui").definedBy("dev.blockwipe.ui..")
            .layer("Tui").definedBy("dev.blockwipe.tui..")
            .layer("Main").definedBy("dev.blockwipe")
            .whereLayer("Engine").mayNotAccessAnyLayer()
            .whereLayer("Devices").mayOnlyAccessLayers("Engine")
            .whereLayer("Report").mayOnlyAccessLayers("Devices", "Engine")
            .whereLayer("Linux").mayOnlyAccessLayers("Devices", "Engine")
            .whereLayer("Service").mayOnlyAccessLayers("Report", "Devices", "Engine")
            .whereLayer("Cli").mayOnlyAccessLayers("Service", "Linux", "Report", "Devices", "Engine")
            .whereLayer("Ui").mayOnlyAccessLayers("Service", "Linux", "Report", "Devices", "Engine")
            .whereLayer("Tui").mayOnlyAccessLayers("Ui", "Service", "Linux", "Report", "Devices", "Engine")
            .whereLayer("Main").mayNotBeAccessedByAnyLayer();

    /**
     * The engine's feature packages (methods, I/O, failing media, verification, jobs, scheduling,
     * the benchmark) depend on one another in one direction only, so each can be read with only
     * those below it in mind.
     */
    @ArchTest
    static final ArchRule enginePackagesHaveNoCycles = slices()
            .matching("dev.blockwipe.engine.(*)..")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule coreIsPureJava = noClasses()
            .that().resideInAnyPackage("dev.blockwipe.engine..", "dev.blockwipe.devices..", "dev.blockwipe.report..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.jna..", "oshi..", "org.controlsfx..");

    /**
     * The console UI reads the view models' properties and lists (javafx.beans, javafx.collections:
     * javafx-base, no toolkit), but draws nothing with JavaFX.
     */
    @ArchTest
    static final ArchRule onlyUiTouchesJavaFx = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.ui..", "dev.blockwipe.tui..")
            .and().doNotHaveFullyQualifiedName("dev.blockwipe.Main")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..");

    @ArchTest
    static final ArchRule theConsoleUiUsesNoJavaFxToolkit = noClasses()
            .that().resideInAPackage("dev.blockwipe.tui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..",
                    "javafx.application..", "javafx.animation..", "javafx.concurrent..", "org.controlsfx..");

    /** The window's theme (AtlantaFX) and icons (Ikonli) are its look alone: the console UI and the rest never touch them. */
    @ArchTest
    static final ArchRule onlyTheWindowTouchesItsThemeAndIcons = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("atlantafx..", "org.kordamp.ikonli..");

    /** Only the console UI touches Lanterna (Main starts it). */
    @ArchTest
    static final ArchRule onlyTheConsoleUiTouchesLanterna = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.tui..")
            .should().dependOnClassesThat().resideInAnyPackage("com.googlecode.lanterna..");

    @ArchTest
    static final ArchRule onlyLinuxTouchesNativeCode = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.linux..")
            .should().dependOnClassesThat().resideInAnyPackage("com.sun.jna..", "oshi..");

    /** The console UI's terminal is standard input and output too: it draws there, through Lanterna. */
    @ArchTest
    static final ArchRule onlyTheCliPrints = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.cli..", "dev.blockwipe.tui..")
            .and().doNotHaveFullyQualifiedName("dev.blockwipe.Main")
            .should().accessField(System.class, "out").orShould().accessField(System.class, "err");

    /**
     * The window and the CLI run wipes through {@link WipeService}: nothing else runs the engine's
     * wipe job, starts its paperwork or schedules jobs (the engine's own classes aside).
     */
    @ArchTest
    static final ArchRule onlyTheServiceRunsWipeJobs = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.service..", "dev.blockwipe.engine..")
            .should().callMethod(WipeJob.class, "run", BlockTarget.class, WipeListener.class, CancelToken.class)
            .orShould().callMethod(WipeJob.class, "resume", BlockTarget.class, WipePlan.class, ResumePoint.class,
                    WipeListener.class, CancelToken.class)
            .orShould().callMethod(Certifier.class, "begin", TargetInfo.class, CertifiedDevice.class)
            .orShould().callMethod(Certifier.class, "resume", TargetInfo.class, CertifiedDevice.class, Journal.class)
            .orShould().callConstructor(JobScheduler.class, String.class, JobScheduler.Listener.class);

    /**
     * One admission ({@link Admission}): nothing else judges targets right before their first
     * write, the benchmark's write mode in the window and the CLI included.
     */
    @ArchTest
    static final ArchRule onlyTheServiceAdmitsTargets = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.service..")
            .should().callMethod(Preflight.class, "beforeFirstWrite", List.class, boolean.class);

    /**
     * The window does no slow work itself: file reads and writes, journals (parsed and
     * Ed25519-checked), child processes and name lookups sit in the layers below, and the window
     * calls them through its one background executor ({@code ui.Background}), whose threads come
     * from the one factory; a thread of its own would be a second way to do the same. What the FX
     * thread runs can then not wait on a disk, a DNS server or a program by construction.
     */
    @ArchTest
    static final ArchRule theWindowDoesNoSlowWorkItself = noClasses()
            .that().resideInAPackage("dev.blockwipe.ui..")
            .should().dependOnClassesThat().belongToAnyOf(Files.class, FileInputStream.class, FileOutputStream.class,
                    FileReader.class, FileWriter.class, RandomAccessFile.class, Journals.class, ProcessBuilder.class,
                    InetAddress.class)
            .orShould().callConstructorWhere(target(owner(assignableTo(Thread.class))))
            .because("the FX thread must never wait on a disk, a DNS server or a child process");
}
