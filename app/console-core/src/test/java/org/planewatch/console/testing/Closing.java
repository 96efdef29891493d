package org.planewatch.console.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What a test opened (agents, servers, clients), closed after it in the reverse order, and the one
 * scheduler its clients share: a field {@code @AutoClose Closing closing = new Closing()}.
 */
public final class Closing implements AutoCloseable {
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final List<AutoCloseable> opened = new ArrayList<>();

    public ScheduledExecutorService scheduler() {
        return scheduler;
    }

    /** {@code resource}, to be closed after the test (before anything opened earlier). */
    public <T extends AutoCloseable> T add(T resource) {
        opened.add(resource);
        return resource;
    }

    @Override
    public void close() throws Exception {
        try {
            for (AutoCloseable resource : opened.reversed()) {
                resource.close();
            }
        } finally {
            scheduler.shutdownNow();
        }
    }
}
