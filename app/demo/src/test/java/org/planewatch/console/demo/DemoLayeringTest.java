package org.planewatch.console.demo;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.planewatch.console.testing.ConsoleLayers;
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
    static final ArchRule demoNamesATargetAndNothingMore = ConsoleLayers.layers()
            .whereLayer("Demo")
            .mayOnlyAccessLayers("Session", "State", "Telemetry")
            .because("only a session assembles ingest, store, recorder and fault injection (issue 17)");

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = ConsoleLayers.packagesAreFreeOfCycles();

    @ArchTest
    static final ArchRule noJavaFxOrDatabase = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "java.sql..", "javax.sql..", "org.sqlite..")
            .because("the demo runs behind the headless core as well as behind the window");
}
