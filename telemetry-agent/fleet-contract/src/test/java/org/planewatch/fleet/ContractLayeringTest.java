package org.planewatch.fleet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The contract is records and their JSON: whoever reads the topics can use it without a Kafka client or the collector. */
@AnalyzeClasses(packages = "org.planewatch.fleet", importOptions = ImportOption.DoNotIncludeTests.class)
class ContractLayeringTest {
    @ArchTest
    static final ArchRule onlyTheJdkAndJackson = classes()
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage("java..", "com.fasterxml.jackson..", "org.planewatch.fleet..")
            .because("the console core and the collector both depend on it (ADR 0102)");
}
