package org.planewatch.collector.publish;

import java.util.concurrent.atomic.LongAdder;

/** What a collector has published and given up, for its status line and (later) /metrics. */
public final class PublishCounters {
    public final LongAdder notifications = new LongAdder();
    public final LongAdder updates = new LongAdder();
    public final LongAdder droppedNotifications = new LongAdder();
    /** Events of a target this collector no longer holds, left to its new holder. */
    public final LongAdder handedOver = new LongAdder();

    public final LongAdder decisionsPublished = new LongAdder();
    /** Decisions the topic already held (a resent ring): not published again. */
    public final LongAdder decisionsAlreadyPublished = new LongAdder();

    public final LongAdder decisionSendFailures = new LongAdder();
}
