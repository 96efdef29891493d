package org.planewatch.console;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.testing.ConsoleLayers;
import org.planewatch.console.testing.ModuleClasses;

/**
 * The console core's data flow, one way: decoded telemetry ({@code telemetry}) comes in from the
 * network ({@code ingest}) or a recording ({@code record}, {@code replay}) and drives the model
 * ({@code state}); only a session ({@code session}) puts ingest, store, recorder and replay engine
 * together, and the headless recorder ({@code headless}) runs on a session; on a fleet ({@code fleet},
 * ADR 0102) the collector tier's Kafka topics are the network. No JavaFX anywhere.
 */
@AnalyzeClasses(
        packages = "org.planewatch.console",
        importOptions = {CoreLayeringTest.CoreClasses.class})
class CoreLayeringTest {

    static final class CoreClasses extends ModuleClasses {
        CoreClasses() {
            super(LiveSession.class);
        }
    }

    @ArchTest
    static final ArchRule dataFlowsOneWay = ConsoleLayers.layers()
            .whereLayer("Telemetry")
            .mayNotAccessAnyLayer()
            .whereLayer("Ingest")
            .mayOnlyAccessLayers("Telemetry")
            .whereLayer("State")
            .mayOnlyAccessLayers("Telemetry")
            .whereLayer("Record")
            .mayOnlyAccessLayers("Telemetry")
            .whereLayer("Replay")
            .mayOnlyAccessLayers("Telemetry", "State", "Record")
            .whereLayer("Fleet")
            .mayOnlyAccessLayers("Telemetry", "Ingest", "State")
            .whereLayer("Session")
            .mayOnlyAccessLayers("Telemetry", "Ingest", "State", "Record", "Replay", "Fleet")
            .whereLayer("Headless")
            .mayOnlyAccessLayers("Telemetry", "State", "Session")
            .whereLayer("Ingest")
            .mayOnlyBeAccessedByLayers("Session", "Fleet")
            .whereLayer("Fleet")
            .mayOnlyBeAccessedByLayers("Session")
            .whereLayer("Record")
            .mayOnlyBeAccessedByLayers("Replay", "Session")
            .whereLayer("Replay")
            .mayOnlyBeAccessedByLayers("Session")
            .because("only a session assembles a pipeline; the model never reaches back to where its data comes from");

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = ConsoleLayers.packagesAreFreeOfCycles();

    @ArchTest
    static final ArchRule noJavaFx = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..")
            .because("the core runs headless (the record command) and is tested without a toolkit");

    @ArchTest
    static final ArchRule stateIsFreeOfWireAndUiTypes = noClasses()
            .that()
            .resideInAnyPackage("..console.state..", "..console.telemetry..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..", "org.planewatch.gnmi..", "com.google.protobuf..", "javafx..", "java.sql..")
            .because("the model is driven the same way live and in replay, from decoded events");

    @ArchTest
    static final ArchRule onlyIngestTouchesTheWire = noClasses()
            .that()
            .resideOutsideOfPackage("..console.ingest..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..", "org.planewatch.gnmi..", "com.google.protobuf..")
            .because("network threads decode into the telemetry model; nothing else sees the wire");

    @ArchTest
    static final ArchRule localizationKnowsOnlyDecisionsAndNames = noClasses()
            .that()
            .resideInAPackage("..console.state.localize..")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("java..", "..console.state.localize..")
            .because(
                    "the localization is fed decisions and asks the model about names through FabricElements (ADR 0095)");

    @ArchTest
    static final ArchRule onlyTheFleetSpeaksKafka = noClasses()
            .that()
            .resideOutsideOfPackage("..console.fleet..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.apache.kafka..")
            .because("the fleet's reader decodes Kafka records into the model; nothing else sees Kafka (ADR 0102)");

    @ArchTest
    static final ArchRule onlyTheRecorderTouchesTheDatabase = ConsoleLayers.onlyTheRecorderTouchesTheDatabase();
}
