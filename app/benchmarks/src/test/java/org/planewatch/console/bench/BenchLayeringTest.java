package org.planewatch.console.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.planewatch.console.testing.ConsoleLayers;
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
    static final ArchRule benchmarksRunOnSessions = ConsoleLayers.layers()
            .whereLayer("Bench")
            .mayOnlyAccessLayers(
                    "View", "ViewModel", "Demo", "Session", "State", "Telemetry", "Ingest", "Record", "Replay")
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
    static final ArchRule packagesAreFreeOfCycles = ConsoleLayers.packagesAreFreeOfCycles();
}
