package org.planewatch.telemetry.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class WorkerRunnerTest {

    /** Records what the runner did with it, on the runner's thread. */
    private static class CountingWorker implements Worker {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final AtomicInteger units = new AtomicInteger();
        final CountDownLatch someWork = new CountDownLatch(3);

        @Override
        public int doWork() throws Exception {
            units.incrementAndGet();
            someWork.countDown();
            return 1;
        }

        @Override
        public void onStart() {
            calls.add("start on " + Thread.currentThread().getName());
        }

        @Override
        public void onClose() {
            calls.add("close on " + Thread.currentThread().getName());
        }
    }

    @Test
    void closeStopsTheLoopJoinsTheThreadAndRunsOnCloseOnIt() throws Exception {
        CountingWorker worker = new CountingWorker();
        WorkerRunner runner = new WorkerRunner("test-worker", worker, IdleStrategy.NONE, Duration.ofSeconds(5));
        assertEquals(WorkerRunner.State.NEW, runner.state());
        runner.start();
        assertTrue(worker.someWork.await(5, TimeUnit.SECONDS));

        assertTrue(runner.stop(), "joined within the bound");

        assertFalse(runner.isAlive());
        assertEquals(WorkerRunner.State.CLOSED, runner.state());
        assertEquals(List.of("start on test-worker", "close on test-worker"), worker.calls);
        int units = worker.units.get();
        Thread.sleep(20);
        assertEquals(units, worker.units.get(), "no unit of work after close");
        assertEquals(null, runner.failure());
    }

    @Test
    void closeInterruptsAWorkerBlockedInsideItsUnitOfWork() throws Exception {
        LinkedBlockingQueue<String> nothingComes = new LinkedBlockingQueue<>();
        CountDownLatch blocked = new CountDownLatch(1);
        Worker worker = () -> {
            blocked.countDown();
            nothingComes.take();
            return 1;
        };
        WorkerRunner runner = new WorkerRunner("blocked", worker, IdleStrategy.NONE, Duration.ofSeconds(5)).start();
        assertTrue(blocked.await(5, TimeUnit.SECONDS));

        assertTrue(runner.stop());
        assertFalse(runner.isAlive());
        assertEquals(null, runner.failure(), "an interrupt while closing is not a failure");
    }

    @Test
    void closeGivesUpOnAWorkerThatIgnoresInterruptsAfterTheBound() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch inside = new CountDownLatch(1);
        Worker stubborn = () -> {
            inside.countDown();
            while (release.getCount() > 0) {
                Thread.onSpinWait(); // ignores interrupts
            }
            return 1;
        };
        WorkerRunner runner = new WorkerRunner("stubborn", stubborn, IdleStrategy.NONE, Duration.ofMillis(50)).start();
        assertTrue(inside.await(5, TimeUnit.SECONDS));
        long t0 = System.nanoTime();
        assertFalse(runner.stop(), "not joined");
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(3), "close returned after its bound");
        assertEquals(WorkerRunner.State.CLOSING, runner.state());
        release.countDown();
        assertTrue(runner.awaitEnd(Duration.ofSeconds(5)));
    }

    @Test
    void aWorkersFailureGoesToTheErrorHandlerEndsTheLoopAndStaysReadable() throws Exception {
        IllegalStateException boom = new IllegalStateException("counter went backwards");
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        AtomicInteger closed = new AtomicInteger();
        Worker failing = new Worker() {
            @Override
            public int doWork() {
                throw boom;
            }

            @Override
            public void onClose() {
                closed.incrementAndGet();
            }
        };
        WorkerRunner runner =
                new WorkerRunner("failing", failing, IdleStrategy.NONE, Duration.ofSeconds(5), reported::add).start();

        assertTrue(runner.awaitEnd(Duration.ofSeconds(5)), "the loop ended by itself");
        assertEquals(List.of(boom), reported);
        assertSame(boom, runner.failure());
        assertEquals(1, closed.get());
    }

    @Test
    void byDefaultAFailureReachesTheThreadsUncaughtExceptionHandler() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> seen.add(t.getName() + ": " + e.getMessage()));
        try {
            Worker failing = () -> {
                throw new IllegalArgumentException("bad sample");
            };
            WorkerRunner runner =
                    new WorkerRunner("default-errors", failing, IdleStrategy.NONE, Duration.ofSeconds(5)).start();
            assertTrue(runner.awaitEnd(Duration.ofSeconds(5)));
            assertEquals(List.of("default-errors: bad sample"), seen);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }

    @Test
    void aWorkerThatIsDoneEndsTheThreadWithoutBeingClosed() throws Exception {
        AtomicInteger left = new AtomicInteger(3);
        Worker three = () -> left.decrementAndGet() >= 0 ? 1 : Worker.DONE;
        WorkerRunner runner = new WorkerRunner("three", three, IdleStrategy.NONE, Duration.ofSeconds(5)).start();
        assertTrue(runner.awaitEnd(Duration.ofSeconds(5)));
        assertEquals(-1, left.get());
        assertEquals(null, runner.failure());
    }

    @Test
    void theRunnerIdlesOnlyAfterUnitsThatDidNothingAndBoundsTheIdleByTheWorkersDeadline() throws Exception {
        List<String> idles = new ArrayList<>();
        int[] script = {1, 0, 0, 2, 0, Worker.DONE};
        AtomicInteger at = new AtomicInteger();
        Worker scripted = new Worker() {
            @Override
            public int doWork() {
                return script[at.getAndIncrement()];
            }

            @Override
            public long idleBoundNanos() {
                return 100 + at.get();
            }
        };
        IdleStrategy recording = new IdleStrategy() {
            @Override
            public void idle(long atMostNanos) {
                idles.add("idle<=" + atMostNanos);
            }

            @Override
            public void reset() {
                idles.add("reset");
            }
        };
        WorkerRunner runner = new WorkerRunner("scripted", scripted, recording, Duration.ofSeconds(5)).start();
        assertTrue(runner.awaitEnd(Duration.ofSeconds(5)));
        assertEquals(List.of("reset", "idle<=102", "idle<=103", "reset", "idle<=105"), idles);
    }

    @Test
    void aRunnerStartsOnce() {
        WorkerRunner runner = new WorkerRunner("once", () -> Worker.DONE, IdleStrategy.NONE, Duration.ofSeconds(1));
        runner.start();
        IllegalStateException e = assertThrows(IllegalStateException.class, runner::start);
        assertTrue(e.getMessage().contains("'once' was already started"), e.getMessage());
        runner.close();
    }
}
