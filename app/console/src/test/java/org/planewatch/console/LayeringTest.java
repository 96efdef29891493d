package org.planewatch.console;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.planewatch.console.testing.ConsoleLayers;
import org.planewatch.console.testing.ModuleClasses;

/**
 * Views and view models show state; they never reach the network, the database or a recording
 * themselves. A view model is handed a session (live or replay) and reads snapshots; the window's
 * classes (this package) open sessions and put views on them. Only this module's classes are
 * judged here (the core and the demo have their own layering tests).
 */
@AnalyzeClasses(
        packages = "org.planewatch.console",
        importOptions = {LayeringTest.ConsoleClasses.class})
class LayeringTest {

    static final class ConsoleClasses extends ModuleClasses {
        ConsoleClasses() {
            super(PlanewatchApp.class);
        }
    }

    @ArchTest
    static final ArchRule viewsUseViewModelsAndSessionsOnly = ConsoleLayers.layers()
            .whereLayer("View")
            .mayOnlyAccessLayers("ViewModel", "Session", "State", "Telemetry")
            .whereLayer("ViewModel")
            .mayOnlyAccessLayers("Session", "State", "Telemetry")
            .whereLayer("Window")
            .mayOnlyAccessLayers("View", "ViewModel", "Session", "State", "Telemetry", "Demo", "Headless")
            .because("only a session assembles ingest, store, recorder and replay engine (issue 17)");

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = ConsoleLayers.packagesAreFreeOfCycles();

    @ArchTest
    static final ArchRule viewsDoNotTouchGrpc = noClasses()
            .that()
            .resideInAnyPackage("..console.view..", "..console.viewmodel..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..", "org.planewatch.gnmi..", "com.google.protobuf..")
            .because("network threads decode into the model; the UI reads snapshots");

    @ArchTest
    static final ArchRule viewsDoNotTouchJdbc = noClasses()
            .that()
            .resideInAnyPackage("..console.view..", "..console.viewmodel..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.sql..", "javax.sql..", "org.sqlite..")
            .because("the recorder owns the database, off the UI thread");

    @ArchTest
    static final ArchRule viewModelsHoldNoNodes = noClasses()
            .that()
            .resideInAnyPackage("..console.viewmodel..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx.scene..")
            .because("view models are tested without a stage (MVVM)");

    @ArchTest
    static final ArchRule onlyTheRecorderTouchesTheDatabase = ConsoleLayers.onlyTheRecorderTouchesTheDatabase();
}
