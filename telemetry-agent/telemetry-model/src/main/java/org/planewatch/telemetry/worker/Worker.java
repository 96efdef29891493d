package org.planewatch.telemetry.worker;

/**
 * A loop body run by a {@link WorkerRunner} on the thread it owns: {@link #doWork} does one unit of
 * work and says how much it did, so that the runner can idle (through its {@link IdleStrategy}) when
 * there was nothing to do, and the loop's own code contains no thread, sleep or stop flag. A worker
 * that needs time takes a {@link NanoClock} (or, for wall time, an {@code InstantSource}).
 *
 * <p>The worker's state belongs to the runner's thread: {@link #onStart}, every {@link #doWork} and
 * {@link #onClose} run there, one after the other.
 */
public interface Worker {

    /** Returned by {@link #doWork} when the worker has finished: the runner ends without being closed. */
    int DONE = -1;

    /**
     * One unit of work. Returns how much was done (0 when there was nothing to do, so the runner
     * idles), or {@link #DONE}. A worker may block inside (on a queue with a timeout, say) and then
     * runs with {@link IdleStrategy#NONE}; an interrupt while it blocks means the runner is closing.
     *
     * @throws InterruptedException when interrupted while blocking: the runner ends quietly
     * @throws Exception any other failure: the runner reports it to its error handler and ends
     */
    int doWork() throws Exception;

    /**
     * After a {@link #doWork} that did nothing: the longest the runner may idle before this worker has
     * work of its own again (a deadline of its clock, such as the next publish); unbounded by default,
     * for workers that only an outside event gives work.
     */
    default long idleBoundNanos() {
        return Long.MAX_VALUE;
    }

    /** Runs on the runner's thread before the first {@link #doWork}. */
    default void onStart() throws Exception {}

    /** Runs on the runner's thread after the last {@link #doWork}, however the loop ended. */
    default void onClose() {}
}
