package org.planewatch.console.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.testing.ManualClock;

/** The replay thread, driven by an injected wall clock: replay time follows it at the chosen speed. */
class ReplayDriverTest {
    @TempDir
    Path dir;

    @Test
    void computesAFrameAheadAndPresentsTheSnapshotDueNow() throws Exception {
        Path file = dir.resolve("driver.pwrec");
        ReplayEngineTest.recordWhileWatching(file, 300, List.of());
        ManualClock wall = new ManualClock(0);
        List<String> errors = new CopyOnWriteArrayList<>();
        RecordingReader reader = RecordingReader.open(file);
        try (ReplayDriver driver = new ReplayDriver(new ReplayEngine(reader, AlarmThresholds.defaults()), wall, errors::add)) {
            driver.start();
            driver.submit(engine -> engine.setSpeed(20));
            driver.submit(ReplayEngine::play);
            long start = driver.position().atMillis();
            awaitPlaying(driver);
            long frame = ReplayDriver.FRAME_MILLIS;
            long ahead = ReplayDriver.LOOKAHEAD_FRAMES * frame;

            wall.advance(Duration.ofMillis(2 * frame));
            awaitComputed(driver, start + (2 * frame + ahead) * 20);
            long firstVersion = driver.latest().version();
            assertEquals(start + (2 * frame + ahead) * 20, driver.latest().atMillis(),
                    "right after a jump the only snapshot there is shows, computed for the frame after this one");

            wall.advance(Duration.ofMillis(frame));
            awaitComputed(driver, start + (3 * frame + ahead) * 20);
            assertEquals(start + (2 * frame + ahead) * 20, driver.latest().atMillis(),
                    "the next frame is computed ahead; the one due now stays on screen");
            assertEquals(firstVersion, driver.latest().version());

            wall.advance(Duration.ofMillis(frame));
            awaitComputed(driver, start + (4 * frame + ahead) * 20);
            assertEquals(start + (3 * frame + ahead) * 20, driver.latest().atMillis(), "and is presented when its frame comes");
            assertEquals(driver.latest().atMillis(), driver.position().atMillis(), "the timeline shows the presented instant");

            driver.submit(ReplayEngine::pause);
            awaitPaused(driver);
            assertEquals(driver.engine().latest().atMillis(), driver.latest().atMillis(), "a command's result shows at once");
            assertTrue(errors.isEmpty(), errors.toString());
        }
    }

    @Test
    void aReplayBehindTheWallClockCatchesUpInStepsOfFourFramesAndLetsGoOfMoreThanASecond() throws Exception {
        Path file = dir.resolve("behind.pwrec");
        ReplayEngineTest.recordWhileWatching(file, 300, List.of());
        ManualClock wall = new ManualClock(0);
        RecordingReader reader = RecordingReader.open(file);
        try (ReplayDriver driver = new ReplayDriver(new ReplayEngine(reader, AlarmThresholds.defaults()), wall, e -> {})) {
            driver.start();
            driver.submit(engine -> engine.setSpeed(10));
            driver.submit(ReplayEngine::play);
            long start = driver.position().atMillis();
            awaitPlaying(driver);
            long version = driver.latest().version();

            wall.advance(Duration.ofSeconds(3));
            long caughtUp = start + 10 * ReplayDriver.MAX_BEHIND_WALL_MILLIS;
            awaitComputed(driver, caughtUp);

            assertEquals(caughtUp, driver.engine().latest().atMillis(), "three seconds behind: one second made up at 10x, the rest let go");
            long steps = (ReplayDriver.MAX_BEHIND_WALL_MILLIS + ReplayDriver.MAX_STEP_WALL_MILLIS - 1) / ReplayDriver.MAX_STEP_WALL_MILLIS;
            assertEquals(version + steps, driver.engine().latest().version(), "one snapshot per step of at most four frames");
        }
    }

    /** Waits (without a time assertion) until the replay thread has carried out the play command. */
    private static void awaitPlaying(ReplayDriver driver) throws InterruptedException {
        while (!driver.position().playing()) {
            Thread.sleep(5);
        }
    }

    /** Waits until the replay thread has computed (and queued) the state at {@code atMillis}; it may not be presented yet. */
    private static void awaitComputed(ReplayDriver driver, long atMillis) throws InterruptedException {
        while (driver.computedPosition().atMillis() < atMillis) {
            Thread.sleep(5);
        }
    }

    private static void awaitPaused(ReplayDriver driver) throws InterruptedException {
        while (driver.position().playing()) {
            Thread.sleep(5);
        }
    }
}
