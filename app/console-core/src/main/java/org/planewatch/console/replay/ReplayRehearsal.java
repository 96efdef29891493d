package org.planewatch.console.replay;

import org.planewatch.console.record.RecordingException;

/**
 * A throwaway copy of an opened replay, played at 100x and shown nowhere, while the operator has not
 * pressed play yet. The first replay in a fresh JVM ran the decoder, the telemetry store and the
 * snapshot code interpreted while the JIT compiled them, and at 100x dropped 20 to 60 frames a second
 * for its first one or two seconds (docs/benchmarks.md, ADR 0081); played here first, that code is
 * compiled by the time the operator's replay needs it. Owned by the replay thread, which takes one
 * frame at a time between commands, so a command waits for at most one frame of it.
 */
final class ReplayRehearsal implements AutoCloseable {
    static final double SPEED = 100;
    /**
     * Frames played in all: 16 minutes of the demo at 100x, enough for the JIT to compile the replay's
     * hot code; half of it was not (ADR 0081 has the runs behind the choice).
     */
    static final int FRAMES = 600;

    private final ReplayEngine replay;
    private ReplayEngine copy;
    private int framesLeft = FRAMES;

    ReplayRehearsal(ReplayEngine replay) {
        this.replay = replay;
    }

    boolean done() {
        return framesLeft <= 0;
    }

    /** Plays one frame of the copy: from where the replay stands, then from the start each time the copy reaches the end. */
    void playOneFrame() throws RecordingException {
        if (done()) {
            return;
        }
        if (copy == null || !copy.position().playing()) {
            ReplayPosition at = replay.position();
            boolean fromShown = copy == null && at.atMillis() < at.endMillis();
            closeCopy();
            copy = replay.copyAt(fromShown ? at.atMillis() : at.startMillis());
            copy.setSpeed(SPEED);
            copy.play();
            if (!copy.position().playing()) {
                close(); // nothing to play: a recording of a single instant
                return;
            }
        }
        copy.advance(ReplayDriver.FRAME_MILLIS);
        if (--framesLeft == 0) {
            closeCopy();
        }
    }

    /** Ends the rehearsal for good (the operator's replay starts, or the recording closes). */
    @Override
    public void close() {
        framesLeft = 0;
        closeCopy();
    }

    private void closeCopy() {
        if (copy != null) {
            copy.close();
            copy = null;
        }
    }
}
