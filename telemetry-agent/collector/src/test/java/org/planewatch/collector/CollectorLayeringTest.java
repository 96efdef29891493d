package org.planewatch.collector;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.planewatch.collector.node.Collector;
import org.planewatch.console.testing.ModuleClasses;

/**
 * The collector's data flow, one way: {@code config} -&gt; {@code assign} / {@code ingest} -&gt;
 * {@code publish}; the rollups' maths ({@code rollup}) and the /metrics page ({@code metrics}) know no
 * Kafka; Kafka is reached only through the adapters ({@code kafka}, {@code broker}) and
 * the gNMI protobuf encoding only through {@code wire}; {@code node} assembles, {@code cli} starts.
 * No class imports gRPC itself: subscriptions are the console core's.
 */
@AnalyzeClasses(
        packages = "org.planewatch.collector",
        importOptions = {CollectorLayeringTest.CollectorClasses.class})
class CollectorLayeringTest {
    /** Only this module's product classes: scanning the Kafka and Scala jars took 13 s. */
    static final class CollectorClasses extends ModuleClasses {
        CollectorClasses() {
            super(Collector.class);
        }
    }

    private static final String ROOT = "org.planewatch.collector";

    @ArchTest
    static final ArchRule dataFlowsOneWay = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("Config")
            .definedBy(ROOT + ".config..")
            .layer("Assign")
            .definedBy(ROOT + ".assign..")
            .layer("Publish")
            .definedBy(ROOT + ".publish..")
            .layer("Ingest")
            .definedBy(ROOT + ".ingest..")
            .layer("Wire")
            .definedBy(ROOT + ".wire..")
            .layer("Kafka")
            .definedBy(ROOT + ".kafka..")
            .layer("Broker")
            .definedBy(ROOT + ".broker..")
            .layer("Rollup")
            .definedBy(ROOT + ".rollup..")
            .layer("Metrics")
            .definedBy(ROOT + ".metrics..")
            .layer("Node")
            .definedBy(ROOT + ".node..")
            .layer("Cli")
            .definedBy(ROOT + ".cli..")
            .whereLayer("Config")
            .mayNotAccessAnyLayer()
            .whereLayer("Assign")
            .mayNotAccessAnyLayer()
            .whereLayer("Publish")
            .mayNotAccessAnyLayer()
            .whereLayer("Ingest")
            .mayOnlyAccessLayers("Config", "Assign", "Publish")
            .whereLayer("Wire")
            .mayOnlyAccessLayers("Publish")
            .whereLayer("Kafka")
            .mayOnlyAccessLayers("Config", "Assign", "Publish", "Wire", "Rollup")
            .whereLayer("Rollup")
            .mayNotAccessAnyLayer()
            .whereLayer("Metrics")
            .mayOnlyAccessLayers("Rollup")
            .whereLayer("Broker")
            .mayNotAccessAnyLayer()
            .whereLayer("Node")
            .mayOnlyAccessLayers("Config", "Assign", "Publish", "Ingest", "Kafka", "Rollup", "Metrics")
            .whereLayer("Cli")
            .mayOnlyAccessLayers("Config", "Node", "Broker")
            .because("targets flow from the file through the share to subscriptions and out through the adapters");

    @ArchTest
    static final ArchRule onlyTheAdaptersSpeakKafka = noClasses()
            .that()
            .resideOutsideOfPackages(ROOT + ".kafka..", ROOT + ".broker..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.apache.kafka..", "kafka..", "scala..")
            .because("the domain (shares, decisions, what is published) is tested and reused without a broker");

    @ArchTest
    static final ArchRule onlyWireSeesProtobuf = noClasses()
            .that()
            .resideOutsideOfPackage(ROOT + ".wire..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.planewatch.gnmi..", "com.google.protobuf..")
            .because("records are gNMI protobuf in one place (GnmiRecords); everything else sees decoded telemetry");

    @ArchTest
    static final ArchRule noClassSpeaksGrpcItself = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..")
            .because("subscriptions are the console core's GnmiTargetClient");

    @ArchTest
    static final ArchRule nothingUsesUiOrJdbc = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "java.sql..")
            .because("the collector runs headless and records nothing itself");

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles =
            slices().matching(ROOT + ".(*)..").should().beFreeOfCycles();
}
