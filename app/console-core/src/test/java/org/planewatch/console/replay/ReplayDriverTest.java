package org.planewatch.console.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.record.RecordingReader;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.testing.ManualClock;

/** The replay thread, driven by an injected wall clock: replay time follows it at the chosen speed. */
@Timeout(60) // the waits below have no deadline of their own: a replay that never gets there fails here
class ReplayDriverTest {
    @TempDir
    Path dir;

    private final ManualClock wall = new ManualClock(0);
    private final List<String> errors = new CopyOnWriteArrayList<>();

    @Test
    void preRollsTheFramesAheadAtPlayThenPresentsEachWhenItsFrameComes() throws Exception {
        try (ReplayDriver driver = driverOnNewRecording("driver.pwrec")) {
            long start = play(driver, 20);
            long frame = ReplayDriver.FRAME_MILLIS;
            int ahead = ReplayDriver.LOOKAHEAD_FRAMES;

            awaitComputed(driver, start + ahead * frame * 20);
            assertEquals(
                    start + ahead * frame * 20,
                    driver.computedPosition().atMillis(),
                    "play computes the frames ahead before the wall clock moves, and no further");
            assertEquals(start + frame * 20, driver.latest().atMillis(), "and shows the first of them at once");

            wall.advance(Duration.ofMillis(frame));
            awaitComputed(driver, start + (ahead + 1) * frame * 20);
            assertEquals(start + 2 * frame * 20, driver.latest().atMillis(), "each frame shows when it comes");

            wall.advance(Duration.ofMillis(2 * frame));
            awaitComputed(driver, start + (ahead + 3) * frame * 20);
            assertEquals(
                    start + 4 * frame * 20, driver.latest().atMillis(), "the one due now, not the newest computed");
            assertEquals(
                    driver.latest().atMillis(),
                    driver.position().atMillis(),
                    "the timeline shows the presented instant");

            driver.submit(ReplayEngine::pause);
            awaitPaused(driver);
            assertEquals(
                    driver.engine().latest().atMillis(),
                    driver.latest().atMillis(),
                    "a command's result shows at once");
            assertTrue(errors.isEmpty(), errors.toString());
        }
    }

    @Test
    void atTwiceTheSpeedReplayTimeMovesTwiceAsFarAsTheInjectedClockAndStandsStillWithIt() throws Exception {
        try (ReplayDriver driver = driverOnNewRecording("twice.pwrec")) {
            long start = play(driver, 2);
            long frame = ReplayDriver.FRAME_MILLIS;
            long ahead = ReplayDriver.LOOKAHEAD_FRAMES * frame * 2;
            awaitComputed(driver, start + ahead);
            Thread.sleep(10 * frame); // real time: a replay on the system clock would move on
            assertEquals(start + ahead, driver.computedPosition().atMillis(), "computed past the injected clock");
            assertEquals(start + frame * 2, driver.latest().atMillis(), "showed a frame the clock has not reached");

            wall.advance(Duration.ofMillis(5 * frame));
            awaitComputed(driver, start + ahead + 5 * frame * 2);
            Thread.sleep(10 * frame);
            assertEquals(
                    start + ahead + 5 * frame * 2, driver.computedPosition().atMillis());
            assertEquals(start + 6 * frame * 2, driver.latest().atMillis(), "five frames on, at twice their length");
            assertTrue(errors.isEmpty(), errors.toString());
        }
    }

    @Test
    void pausingWhileFramesAreComputedAheadShowsTheFrameThatWasOnScreen() throws Exception {
        try (ReplayDriver driver = driverOnNewRecording("pause.pwrec")) {
            long start = play(driver, 10);
            long frame = ReplayDriver.FRAME_MILLIS;
            wall.advance(Duration.ofMillis(3 * frame));
            awaitComputed(driver, start + (ReplayDriver.LOOKAHEAD_FRAMES + 3) * frame * 10);
            long onScreen = driver.latest().atMillis();
            assertEquals(start + 4 * frame * 10, onScreen, "the frame due now is on screen, eleven more are computed");

            driver.submit(ReplayEngine::pause);
            awaitPaused(driver);
            assertEquals(
                    onScreen,
                    driver.latest().atMillis(),
                    "the pause shows the frame it was asked on, not one computed ahead");
            assertEquals(onScreen, driver.engine().position().atMillis(), "and the replay stands there");

            driver.submit(engine -> engine.setSpeed(2));
            driver.submit(ReplayEngine::play);
            awaitPlaying(driver);
            awaitComputed(driver, onScreen + frame * 2);
            assertEquals(
                    onScreen + frame * 2, driver.latest().atMillis(), "playing on starts from there, at the new speed");
            assertTrue(errors.isEmpty(), errors.toString());
        }
    }

    @Test
    void aReplayBehindTheWallClockCatchesUpInStepsOfFourFramesAndLetsGoOfMoreThanASecond() throws Exception {
        try (ReplayDriver driver = driverOnNewRecording("behind.pwrec")) {
            long start = play(driver, 5);
            long preRolled = start + 5 * ReplayDriver.LOOKAHEAD_FRAMES * ReplayDriver.FRAME_MILLIS;
            awaitComputed(driver, preRolled);
            long version = driver.engine().latest().version();

            wall.advance(Duration.ofSeconds(3));
            // Behind, steps follow each other until the wall clock is caught up; the frames ahead wait for the next
            // frame.
            long behindEnds = preRolled
                    + 5
                            * (ReplayDriver.MAX_BEHIND_WALL_MILLIS
                                    - ReplayDriver.LOOKAHEAD_FRAMES * ReplayDriver.FRAME_MILLIS);
            awaitComputed(driver, behindEnds);
            Thread.sleep(100); // lets the replay thread finish what it does without a frame; nothing is timed
            long reached = driver.engine().latest().atMillis();
            assertTrue(
                    reached <= preRolled + 5 * ReplayDriver.MAX_BEHIND_WALL_MILLIS,
                    "three seconds behind: at most one second made up at 5x, the rest let go; reached "
                            + (reached - preRolled));
            long steps = driver.engine().latest().version() - version;
            assertTrue(
                    steps * 5 * ReplayDriver.MAX_STEP_WALL_MILLIS >= reached - preRolled,
                    "one snapshot per step of at most four frames: " + steps + " steps for " + (reached - preRolled)
                            + " ms");
        }
    }

    @Test
    void rehearsesWhilePausedWithoutMovingWhatIsShown() throws Exception {
        try (ReplayDriver driver = driverOnNewRecording("rehearse.pwrec")) {
            FabricSnapshot before = driver.engine().latest();
            while (!driver.rehearsed()) {
                Thread.sleep(5);
            }
            assertEquals(
                    before.atMillis(),
                    driver.latest().atMillis(),
                    "the rehearsal played a copy: the replay shows the start still");
            assertEquals(before.version(), driver.latest().version(), "with no snapshot of the copy's");
            assertFalse(driver.position().playing());
            assertEquals(List.of(), errors);
        }
    }

    @Test
    void closingWhileRehearsingWaitsForTheCopysReadAheadBeforeTheRecordingCloses() throws Exception {
        ReplayDriver driver = driverOnNewRecording("close-rehearsing.pwrec");
        Thread readAhead = null;
        while (readAhead == null) {
            readAhead = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("planewatch-replay-read") && t.isAlive())
                    .findFirst()
                    .orElse(null);
            Thread.onSpinWait();
        }

        driver.close();

        assertFalse(readAhead.isAlive(), "the rehearsal's read-ahead has let go of the recording before close returns");
        assertEquals(List.of(), errors);
    }

    @Test
    void playingEndsTheRehearsal() throws Exception {
        try (ReplayDriver driver = driverOnNewRecording("play-ends.pwrec")) {
            play(driver, 10);
            assertTrue(driver.rehearsed(), "the operator's replay is on: no rehearsal beside it");
        }
    }

    /** A started driver on a fresh recording of 300 batches, on this test's wall clock, reporting to its errors. */
    private ReplayDriver driverOnNewRecording(String name) throws Exception {
        Path file = dir.resolve(name);
        ReplayEngineTest.recordWhileWatching(file, 300, List.of());
        ReplayDriver driver = new ReplayDriver(
                new ReplayEngine(RecordingReader.open(file), AlarmThresholds.defaults()), wall, errors::add);
        driver.start();
        return driver;
    }

    /** Plays at {@code speed} from where the driver stands; returns that instant. */
    private static long play(ReplayDriver driver, double speed) throws InterruptedException {
        driver.submit(engine -> engine.setSpeed(speed));
        long start = driver.position().atMillis();
        driver.submit(ReplayEngine::play);
        awaitPlaying(driver);
        return start;
    }

    /** Waits (without a time assertion) until the replay thread has carried out the play command. */
    private static void awaitPlaying(ReplayDriver driver) throws InterruptedException {
        while (!driver.position().playing()) {
            Thread.sleep(5);
        }
    }

    /** Waits until the replay thread has computed (and queued) the state at {@code atMillis}; it may not be presented yet. */
    private static void awaitComputed(ReplayDriver driver, long atMillis) throws InterruptedException {
        long giveUp = System.nanoTime() + 20_000_000_000L;
        while (driver.computedPosition().atMillis() < atMillis) {
            if (System.nanoTime() > giveUp) {
                throw new AssertionError(
                        "the replay thread never computed " + atMillis + ": it stands at " + driver.computedPosition());
            }
            Thread.sleep(5);
        }
    }

    private static void awaitPaused(ReplayDriver driver) throws InterruptedException {
        while (driver.position().playing()) {
            Thread.sleep(5);
        }
    }
}
