package org.planewatch.collector.publish;

import org.planewatch.console.telemetry.IngestEvent;

/** Where raw notifications go (the updates topic, keyed by device). */
public interface UpdateSink {
    /**
     * Hands {@code notification} on; may block briefly when the sink is full. False when the sink
     * refused it for now (still full, or closing): the caller offers it again or, stopping, counts it
     * dropped. A failure after it was taken is the sink's to count.
     */
    boolean publish(IngestEvent.Notification notification);
}
