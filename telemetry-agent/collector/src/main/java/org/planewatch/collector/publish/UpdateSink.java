package org.planewatch.collector.publish;

import org.planewatch.console.telemetry.IngestEvent;

/** Where raw notifications go (the updates topic, keyed by device). */
public interface UpdateSink {
    /**
     * Hands {@code notification} on; may block briefly when the sink is full. False when it was
     * dropped (counted by the caller).
     */
    boolean publish(IngestEvent.Notification notification);
}
