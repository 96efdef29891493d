package org.planewatch.console.state;

import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Told, on the model's owner thread while a notification is applied, of each counter whose rate is
 * kept that stood still (a sample with the value of the sample before) or moved on after standing
 * still. Under suppress_redundant an agent sends a counter once more unchanged and then holds it back
 * (ADR 0124): whoever keeps what it was told of can hand a still counter's value to a reader that
 * joins later, which would otherwise never see it (ADR 0147). A counter that moves again is told
 * only at the sample after: a reader that joins in between reads the sample where it moved and
 * needs the value it stood still at to rate that move (ADR 0149).
 */
@FunctionalInterface
public interface CounterTurns {
    /**
     * @param counter the counter's path, as the notification had it
     * @param value its value now
     * @param stoodStill true: it has the value of the sample before; false: it moved at two samples
     *     in a row since it stood still, so its still value is needed no longer
     */
    void turned(TelemetryPath counter, long value, boolean stoodStill);
}
