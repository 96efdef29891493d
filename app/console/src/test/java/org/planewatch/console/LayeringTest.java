package org.planewatch.console;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Views and view models show state; they never reach the network or the database themselves.
 * Ingest (gRPC) and recording (JDBC) hand data over through the telemetry model.
 */
@AnalyzeClasses(
        packages = "org.planewatch.console",
        importOptions = {ImportOption.DoNotIncludeTests.class, LayeringTest.NotFromTestJars.class})
class LayeringTest {

    /** The console core's test helpers arrive as a test jar; they are tests, not product code. */
    static final class NotFromTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }

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
    static final ArchRule stateIsFreeOfWireAndUiTypes = noClasses()
            .that()
            .resideInAnyPackage("..console.state..", "..console.telemetry..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..", "org.planewatch.gnmi..", "com.google.protobuf..", "javafx..", "java.sql..")
            .because("the model is driven the same way live and in replay, from decoded events");

    @ArchTest
    static final ArchRule onlyTheRecorderTouchesTheDatabase = noClasses()
            .that()
            .resideOutsideOfPackage("..console.record..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.sql..", "javax.sql..", "org.sqlite..")
            .because("the recorder owns the recording file; everything else gets events and snapshots");
}
