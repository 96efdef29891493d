package org.planewatch.console.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.planewatch.console.testing.ModuleClasses;

/**
 * The benchmarks measure the console as it runs: a pipeline (agents to state owner to recorder, or
 * a recording to the replay thread) comes from a live or replay session. Component benchmarks may
 * still time one part on its own (the decoder, the store, the recording's writer and cursor, a
 * synchronous seek of the replay engine), but never put a state owner, a recorder or a replay
 * thread together themselves.
 */
@AnalyzeClasses(
        packages = "org.planewatch.console",
        importOptions = {BenchLayeringTest.BenchClasses.class})
class BenchLayeringTest {

    static final class BenchClasses extends ModuleClasses {
        BenchClasses() {
            super(FrameStats.class);
        }
    }

    @ArchTest
    static final ArchRule benchmarksRunOnSessions = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("Bench")
            .definedBy("org.planewatch.console.bench..")
            .layer("Console")
            .definedBy("org.planewatch.console.view..", "org.planewatch.console.viewmodel..")
            .layer("Demo")
            .definedBy("org.planewatch.console.demo..")
            .layer("Session")
            .definedBy("org.planewatch.console.session..")
            .layer("State")
            .definedBy("org.planewatch.console.state..")
            .layer("Telemetry")
            .definedBy("org.planewatch.console.telemetry..")
            .layer("Components")
            .definedBy(
                    "org.planewatch.console.ingest..",
                    "org.planewatch.console.record..",
                    "org.planewatch.console.replay..")
            .layer("Window")
            .definedBy("org.planewatch.console")
            .layer("Headless")
            .definedBy("org.planewatch.console.headless..")
            .whereLayer("Bench")
            .mayOnlyAccessLayers("Console", "Demo", "Session", "State", "Telemetry", "Components")
            .whereLayer("Bench")
            .mayNotBeAccessedByAnyLayer()
            .because("benchmarks measure the console's parts and sessions; nothing ships them (issue 17)");

    @ArchTest
    static final ArchRule pipelinesComeFromSessions = noClasses()
            .that()
            .resideInAPackage("org.planewatch.console.bench..")
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("org.planewatch.console.session.IngestPump")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("org.planewatch.console.ingest.IngestQueue")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("org.planewatch.console.ingest.GnmiTargetClient")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("org.planewatch.console.record.Recorder")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("org.planewatch.console.replay.ReplayDriver")
            .because("the state owner, the recorder and the replay thread are put together by sessions only");

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles =
            slices().matching("org.planewatch.console.(*)..").should().beFreeOfCycles();
}
