package org.planewatch.collector.kafka.rollup;

import java.util.concurrent.atomic.LongAdder;
import org.planewatch.collector.rollup.RollupTimings;

/** What the rollups took in and skipped, for /metrics. */
public final class RollupCounters {
    public final LongAdder notifications = new LongAdder();
    public final LongAdder decisions = new LongAdder();
    /** Records that were not a gNMI notification (or a decision without a plane): skipped. */
    public final LongAdder malformed = new LongAdder();
    /** Where the stream thread's time goes, as far as the rollups' age is concerned. */
    public final RollupTimings timings = new RollupTimings();
}
