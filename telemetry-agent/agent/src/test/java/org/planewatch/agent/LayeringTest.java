package org.planewatch.agent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Data flows back end -> gnmi -> server -> cli; back ends know nothing of gRPC or of each other. */
@AnalyzeClasses(packages = "org.planewatch.agent", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule backEndsDoNotSpeakGrpc = noClasses()
            .that()
            .resideInAnyPackage("..agent.backend..", "..agent.sim..", "..agent.linux..")
            .and()
            .doNotHaveSimpleName("EmbeddedSimAgent")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..", "com.google.protobuf..", "org.planewatch.gnmi..")
            .because("the gNMI layer converts between back-end snapshots and the wire");

    @ArchTest
    static final ArchRule gnmiLayerDoesNotKnowConcreteBackEnds = noClasses()
            .that()
            .resideInAnyPackage("..agent.gnmi..", "..agent.server..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("..agent.sim..", "..agent.linux..", "..agent.backend.memory..")
            .because("the server works over the TelemetryBackend SPI only");

    @ArchTest
    static final ArchRule nothingUsesUiOrJdbc = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "java.sql..")
            .because("the agent runs headless and records nothing");

    @ArchTest
    static final ArchRule agentShipsNoBenchmark = noClasses()
            .should()
            .resideInAnyPackage("..bench..")
            .orShould()
            .haveSimpleNameContaining("Bench")
            .because("benchmarks live in planewatch-agent-bench, which no product jar or installer contains");
}
