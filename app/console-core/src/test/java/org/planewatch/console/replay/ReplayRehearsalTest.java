package org.planewatch.console.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;

/** The throwaway replay played while paused, so that the operator's first replay runs compiled code. */
@Timeout(60)
class ReplayRehearsalTest {
    @TempDir
    Path dir;

    @Test
    void playsItsFramesOnACopyAndLeavesTheReplayWhereItStood() throws Exception {
        try (ReplayEngine replay = engineOnNewRecording("rehearsal.pwrec")) {
            replay.seek(replay.position().startMillis() + 5_000);
            FabricSnapshot before = replay.latest();
            int frames = 0;
            try (ReplayRehearsal rehearsal = new ReplayRehearsal(replay)) {
                while (!rehearsal.done()) {
                    rehearsal.playOneFrame();
                    frames++;
                }
            }
            // The recording is seconds long: the copy reached its end many times and started again from the start.
            assertEquals(
                    ReplayRehearsal.FRAMES, frames, "the rehearsal plays its frames, whatever the recording's length");
            assertEquals(before.atMillis(), replay.latest().atMillis(), "the replay still shows the instant it showed");
            assertEquals(before.version(), replay.latest().version(), "and not a snapshot the rehearsal built");
            assertFalse(replay.position().playing(), "and is still paused");
        }
    }

    @Test
    void closingEndsTheCopysReadingAhead() throws Exception {
        try (ReplayEngine replay = engineOnNewRecording("close.pwrec");
                ReplayRehearsal rehearsal = new ReplayRehearsal(replay)) {
            rehearsal.playOneFrame();
            assertTrue(readAheadThreads() > 0, "the copy plays as a replay does, decoding on its own thread");

            rehearsal.close();

            assertEquals(0, readAheadThreads(), "closed, the copy's read-ahead has stopped");
            assertTrue(rehearsal.done(), "and the rehearsal is over");
        }
    }

    private ReplayEngine engineOnNewRecording(String name) throws Exception {
        Path file = dir.resolve(name);
        ReplayEngineTest.recordWhileWatching(file, 300, List.of());
        return new ReplayEngine(RecordingReader.open(file), AlarmThresholds.defaults());
    }

    private static long readAheadThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("planewatch-replay-read") && t.isAlive())
                .count();
    }
}
