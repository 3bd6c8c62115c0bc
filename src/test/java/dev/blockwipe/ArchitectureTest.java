package dev.blockwipe;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.blockwipe.report.Journals;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.nio.file.Files;

/** The layering of shared/DESIGN.md: the core knows nothing of JavaFX, JNA or OSHI. */
@AnalyzeClasses(packages = "dev.blockwipe", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule coreIsPureJava = noClasses()
            .that().resideInAnyPackage("dev.blockwipe.engine..", "dev.blockwipe.devices..", "dev.blockwipe.report..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.jna..", "oshi..", "org.controlsfx..");

    @ArchTest
    static final ArchRule onlyUiTouchesJavaFx = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.ui..")
            .and().doNotHaveFullyQualifiedName("dev.blockwipe.Main")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..");

    @ArchTest
    static final ArchRule onlyLinuxTouchesNativeCode = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.linux..")
            .should().dependOnClassesThat().resideInAnyPackage("com.sun.jna..", "oshi..");

    @ArchTest
    static final ArchRule onlyTheCliPrints = noClasses()
            .that().resideOutsideOfPackages("dev.blockwipe.cli..")
            .and().doNotHaveFullyQualifiedName("dev.blockwipe.Main")
            .should().accessField(System.class, "out").orShould().accessField(System.class, "err");

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
