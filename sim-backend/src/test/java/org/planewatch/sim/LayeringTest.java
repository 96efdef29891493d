package org.planewatch.sim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The simulator is domain code: it must stay free of UI, network and database layers. */
@AnalyzeClasses(packages = "org.planewatch.sim", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule simulatorDoesNotUseJavaFx = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("javafx..")
            .because("the simulator runs headless in the agent and in benchmarks");

    @ArchTest
    static final ArchRule simulatorDoesNotUseGrpc = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("io.grpc..", "com.google.protobuf..")
            .because("the agent, not the simulator, speaks gNMI");

    @ArchTest
    static final ArchRule simulatorDoesNotUseJdbc = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..")
            .because("recording belongs to the console");
}
