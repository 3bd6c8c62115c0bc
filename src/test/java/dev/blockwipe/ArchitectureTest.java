package dev.blockwipe;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The package rules of src/docs/development.md (Layout): the core knows nothing of JavaFX, JNA or OSHI. */
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
}
