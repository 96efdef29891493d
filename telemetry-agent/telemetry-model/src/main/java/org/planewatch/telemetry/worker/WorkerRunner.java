package org.planewatch.telemetry.worker;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Owns the thread that runs a {@link Worker}: {@link #start} starts it, then it calls
 * {@link Worker#doWork} until the worker says it is {@link Worker#DONE done}, fails, or the runner is
 * {@link #close closed}, idling through its {@link IdleStrategy} whenever a unit did nothing.
 * {@link #close} asks the thread to stop, interrupts whatever it is waiting on and joins it for at
 * most the bound given here, so closing never hangs on a stuck worker.
 *
 * <p>A worker's failure is not swallowed: it goes to the error handler (by default the thread's
 * uncaught-exception handler, as if the loop had thrown it) and stays readable as {@link #failure}.
 */
public final class WorkerRunner implements AutoCloseable {

    /** Where a runner's lifecycle stands. */
    public enum State {
        NEW,
        RUNNING,
        CLOSING,
        CLOSED
    }

    /** Hands a failure to the thread's uncaught-exception handler, which prints it unless someone set another. */
    public static final Consumer<Throwable> UNCAUGHT_HANDLER = error ->
            Thread.currentThread().getUncaughtExceptionHandler().uncaughtException(Thread.currentThread(), error);

    private final Worker worker;
    private final IdleStrategy idle;
    private final Consumer<Throwable> errors;
    private final Duration joinBound;
    private final Thread thread;
    private volatile State state = State.NEW;
    private volatile Throwable failure;

    /** A runner whose failures go to the thread's uncaught-exception handler. */
    public WorkerRunner(String threadName, Worker worker, IdleStrategy idle, Duration joinBound) {
        this(threadName, worker, idle, joinBound, UNCAUGHT_HANDLER);
    }

    public WorkerRunner(
            String threadName, Worker worker, IdleStrategy idle, Duration joinBound, Consumer<Throwable> errors) {
        this.worker = worker;
        this.idle = idle;
        this.joinBound = joinBound;
        this.errors = errors;
        this.thread = Thread.ofPlatform().daemon().name(threadName).unstarted(this::run);
    }

    /** Starts the thread; once only. */
    public synchronized WorkerRunner start() {
        if (state != State.NEW) {
            throw new IllegalStateException("worker thread '" + thread.getName() + "' was already started");
        }
        state = State.RUNNING;
        thread.start();
        return this;
    }

    public State state() {
        return state;
    }

    /** Whether the thread is still running the worker (false before start and once it has ended). */
    public boolean isAlive() {
        return thread.isAlive();
    }

    /** The exception that ended the worker, or null. */
    public Throwable failure() {
        return failure;
    }

    /** Waits for the thread to end on its own (the worker was done or failed), at most {@code bound}. */
    public boolean awaitEnd(Duration bound) throws InterruptedException {
        return thread.join(bound);
    }

    private void run() {
        try {
            worker.onStart();
            while (state == State.RUNNING) {
                int work = worker.doWork();
                if (work == Worker.DONE) {
                    break;
                }
                if (work > 0) {
                    idle.reset();
                } else {
                    idle.idle(worker.idleBoundNanos());
                }
            }
        } catch (InterruptedException e) {
            // close(): the worker was waiting when it was asked to stop.
        } catch (Throwable e) {
            fail(e);
        } finally {
            try {
                worker.onClose();
            } catch (Throwable e) {
                fail(e);
            }
        }
    }

    private void fail(Throwable e) {
        if (failure == null) {
            failure = e;
        }
        errors.accept(e);
    }

    /**
     * Stops the worker: no further {@link Worker#doWork} starts, the thread is interrupted out of any
     * wait, and joined for at most the bound; returns whether it ended within it.
     */
    public synchronized boolean stop() {
        if (state == State.NEW) {
            state = State.CLOSED;
            return true;
        }
        state = State.CLOSING;
        if (thread != Thread.currentThread()) {
            thread.interrupt();
            try {
                if (!thread.join(joinBound)) {
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        state = State.CLOSED;
        return true;
    }

    @Override
    public void close() {
        stop();
    }
}
