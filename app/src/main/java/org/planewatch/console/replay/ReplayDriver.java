package org.planewatch.console.replay;

import java.time.InstantSource;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.planewatch.console.record.RecordingException;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.SnapshotSource;

/**
 * Owns a {@link ReplayEngine} on its own thread: moves replay time every frame at the chosen speed
 * and carries out the timeline's commands (play, pause, speed, seek, step) in order. The views see
 * it as any other {@link SnapshotSource}.
 */
public final class ReplayDriver implements SnapshotSource, AutoCloseable {
    /** A timeline command, run on the replay thread. */
    public interface Command {
        void apply(ReplayEngine engine) throws RecordingException;
    }

    static final long FRAME_MILLIS = 16;
    /**
     * The most wall time one step covers. A step applies everything up to the new instant and builds
     * one snapshot; when a step covered all the wall time since the previous one, a step that cost more
     * than it covered made the next one larger, and the view froze for seconds, then jumped minutes
     * (the demo at 100x). Bounded, a replay that is behind catches up in steps of four frames, each
     * with its snapshot; one slower than its speed shows a snapshot every few frames at its own pace.
     */
    static final long MAX_STEP_WALL_MILLIS = 4 * FRAME_MILLIS;
    /**
     * The most recorded time one step covers, below what {@link ReadAhead} holds decoded: at 1000x four
     * frames are a minute of the demo, a step then waited for decoding and showed a snapshot every
     * 0.4 s; with this bound a replay slower than its speed still shows progress many times a second.
     */
    static final long MAX_STEP_RECORDED_MILLIS = 8_000;
    /** Wall time owed beyond this is let go: a replay a second behind plays on from there, and the position says where it is. */
    static final long MAX_BEHIND_WALL_MILLIS = 1_000;

    private final ReplayEngine engine;
    private final InstantSource wallClock;
    private final Consumer<String> errors;
    private final BlockingQueue<Command> commands = new ArrayBlockingQueue<>(64);
    private final Thread thread;
    private volatile ReplayPosition position;
    private volatile boolean running = true;

    public ReplayDriver(ReplayEngine engine, InstantSource wallClock, Consumer<String> errors) {
        this.engine = engine;
        this.wallClock = wallClock;
        this.errors = errors;
        this.position = engine.position();
        this.thread = Thread.ofPlatform().daemon().name("planewatch-replay").unstarted(this::run);
    }

    public void start() {
        thread.start();
    }

    /** Queues a command; the position and snapshot reflect it within a frame. */
    public void submit(Command command) {
        if (!commands.offer(command)) {
            errors.accept("replay is busy: command dropped, try again");
        }
    }

    public ReplayPosition position() {
        return position;
    }

    public ReplayEngine engine() {
        return engine;
    }

    @Override
    public FabricSnapshot latest() {
        return engine.latest();
    }

    @Override
    public AlarmThresholds thresholds() {
        return engine.thresholds();
    }

    @Override
    public void setThresholds(AlarmThresholds thresholds) {
        submit(e -> e.setThresholds(thresholds));
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        engine.close();
        engine.recording().close();
    }

    /**
     * One step per frame of the wall clock (16 ms, at a fixed rate rather than a sleep after the work),
     * each to the instant due at the <em>end</em> of its frame: a step takes a few milliseconds, and a
     * snapshot built for the frame's start was already a frame old when the view showed it (the demo
     * at 100x dropped three frames in four that way with steps that fitted in the frame). Behind the
     * wall clock, steps follow each other without waiting, at most four frames each, and more than a
     * second of owed wall time is let go.
     */
    private void run() {
        long coveredUntil = wallClock.millis();
        long nextFrame = coveredUntil + FRAME_MILLIS;
        while (running) {
            try {
                long now = wallClock.millis();
                boolean behind = engine.position().playing() && coveredUntil < now;
                long wait = behind ? 0 : Math.max(0, nextFrame - now);
                Command command = wait == 0 ? commands.poll() : commands.poll(wait, TimeUnit.MILLISECONDS);
                while (command != null) {
                    command.apply(engine);
                    command = commands.poll();
                }
                now = wallClock.millis();
                if (!engine.position().playing()) {
                    coveredUntil = now;
                    nextFrame = now + FRAME_MILLIS;
                } else if (now >= nextFrame || coveredUntil < now) {
                    if (now >= nextFrame) {
                        // Catch-up steps between frames leave the frame schedule alone.
                        nextFrame = Math.max(nextFrame + FRAME_MILLIS, now);
                    }
                    long target = now + FRAME_MILLIS;
                    coveredUntil = Math.max(coveredUntil, target - MAX_BEHIND_WALL_MILLIS);
                    long maxStep = Math.max(1, Math.min(MAX_STEP_WALL_MILLIS,
                            (long) (MAX_STEP_RECORDED_MILLIS / engine.position().speed())));
                    long step = Math.min(target - coveredUntil, maxStep);
                    engine.advance(step);
                    coveredUntil += step;
                }
                position = engine.position();
            } catch (InterruptedException e) {
                return;
            } catch (RecordingException | IllegalArgumentException e) {
                engine.pause();
                position = engine.position();
                errors.accept(e.getMessage());
            }
        }
    }
}
