package org.planewatch.telemetry.worker;

/**
 * A monotonic clock in nanoseconds, for measuring intervals and pacing loops (not a date: its zero
 * means nothing). Loops take one instead of reading {@link System#nanoTime} so that a test can drive
 * them with a {@link ManualNanoClock} and see exactly what a given passage of time does.
 */
@FunctionalInterface
public interface NanoClock {

    /** The one place production code reads the JVM's monotonic clock for logic. */
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
