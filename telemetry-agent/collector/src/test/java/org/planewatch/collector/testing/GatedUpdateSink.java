package org.planewatch.collector.testing;

import java.util.ArrayList;
import java.util.List;
import org.planewatch.collector.publish.UpdateSink;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * An updates topic slower than the agents: takes nothing while closed (publish waits, as a full
 * producer does), then records what it takes, in order.
 */
public final class GatedUpdateSink implements UpdateSink {
    private final List<IngestEvent.Notification> taken = new ArrayList<>();
    private boolean open;
    private int waiting;

    @Override
    public synchronized boolean publish(IngestEvent.Notification notification) {
        waiting++;
        while (!open) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        waiting--;
        taken.add(notification);
        return true;
    }

    public synchronized void open() {
        open = true;
        notifyAll();
    }

    /** Publishes waiting for the sink to open. */
    public synchronized int waiting() {
        return waiting;
    }

    public synchronized List<IngestEvent.Notification> taken() {
        return List.copyOf(taken);
    }
}
