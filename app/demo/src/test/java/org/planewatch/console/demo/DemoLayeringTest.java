package org.planewatch.console.demo;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.planewatch.console.testing.ModuleClasses;

/**
 * The embedded demo is an agent on loopback and the target to dial it: it names the target in the
 * telemetry model's terms and leaves dialling, recording and fault injection to a live session.
 */
@AnalyzeClasses(
        packages = "org.planewatch.console",
        importOptions = {DemoLayeringTest.DemoClasses.class})
class DemoLayeringTest {

    static final class DemoClasses extends ModuleClasses {
        DemoClasses() {
            super(EmbeddedDemo.class);
        }
    }

    @ArchTest
    static final ArchRule demoNamesATargetAndNothingMore = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("Demo")
            .definedBy("org.planewatch.console.demo..")
            .layer("Session")
            .definedBy("org.planewatch.console.session..")
            .layer("State")
            .definedBy("org.planewatch.console.state..")
            .layer("Telemetry")
            .definedBy("org.planewatch.console.telemetry..")
            .layer("Pipeline")
            .definedBy(
                    "org.planewatch.console.ingest..",
                    "org.planewatch.console.record..",
                    "org.planewatch.console.replay..")
            .layer("Console")
            .definedBy(
                    "org.planewatch.console",
                    "org.planewatch.console.view..",
                    "org.planewatch.console.viewmodel..",
                    "org.planewatch.console.headless..")
            .whereLayer("Demo")
            .mayOnlyAccessLayers("Session", "State", "Telemetry")
            .because("only a session assembles ingest, store, recorder and fault injection (issue 17)");

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles =
            slices().matching("org.planewatch.console.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule noJavaFxOrDatabase = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "java.sql..", "javax.sql..", "org.sqlite..")
            .because("the demo runs behind the headless core as well as behind the window");
}
