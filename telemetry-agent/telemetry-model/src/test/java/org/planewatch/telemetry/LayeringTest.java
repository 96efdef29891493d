package org.planewatch.telemetry;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The model is shared by the agent and the console: it must not pull in transport, UI or database code. */
@AnalyzeClasses(packages = "org.planewatch.telemetry", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule modelDoesNotUseGrpcOrProtobuf = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.grpc..", "com.google.protobuf..")
            .because("the agent converts between the model and gNMI messages");

    @ArchTest
    static final ArchRule modelDoesNotUseJavaFx = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..")
            .because("the agent runs headless");

    @ArchTest
    static final ArchRule modelDoesNotUseJdbc = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.sql..", "javax.sql..")
            .because("recording belongs to the console");
}
