package org.planewatch.sim.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The benchmarks drive the simulator headless, as the agent does: the simulator's own layering rules hold here too. */
@AnalyzeClasses(
        packages = {"org.planewatch.sim.bench", "org.planewatch.sim.perf"},
        importOptions = ImportOption.DoNotIncludeTests.class)
class BenchLayeringTest {

    @ArchTest
    static final ArchRule benchmarksDoNotUseUiNetworkOrDatabase = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "io.grpc..", "com.google.protobuf..", "java.sql..", "javax.sql..")
            .because("a benchmark measures the simulator alone");

    @ArchTest
    static final ArchRule benchmarkPackagesAreFreeOfCycles = slices().matching("org.planewatch.sim.(*)..")
            .should()
            .beFreeOfCycles()
            .because("the bench command and the perf programs each stand on the simulator only");
}
