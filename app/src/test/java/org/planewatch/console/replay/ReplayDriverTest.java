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
    void aMoveOfTheWallClockShowsTheStateDueAtTheEndOfTheFrameInOneSnapshot() throws Exception {
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
            long version = driver.latest().version();

            wall.advance(Duration.ofMillis(32));
            long due = start + (32 + ReplayDriver.FRAME_MILLIS) * 20;
            awaitPosition(driver, due);

            assertEquals(due, driver.latest().atMillis(), "32 ms of wall time and the frame being shown, at 20x");
            assertEquals(version + 1, driver.latest().version(), "one step, one snapshot");
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
            awaitPosition(driver, caughtUp);

            assertEquals(caughtUp, driver.latest().atMillis(), "three seconds behind: one second made up at 10x, the rest let go");
            long steps = (ReplayDriver.MAX_BEHIND_WALL_MILLIS + ReplayDriver.MAX_STEP_WALL_MILLIS - 1) / ReplayDriver.MAX_STEP_WALL_MILLIS;
            assertEquals(version + steps, driver.latest().version(), "one snapshot per step of at most four frames");
        }
    }

    /** Waits (without a time assertion) until the replay thread has carried out the play command. */
    private static void awaitPlaying(ReplayDriver driver) throws InterruptedException {
        while (!driver.position().playing()) {
            Thread.sleep(5);
        }
    }

    private static void awaitPosition(ReplayDriver driver, long atMillis) throws InterruptedException {
        while (driver.position().atMillis() < atMillis) {
            Thread.sleep(5);
        }
    }
}
