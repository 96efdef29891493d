package org.planewatch.agent.gnmi;

import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;
import org.planewatch.agent.log.StructuredLog;

/**
 * What every Subscribe stream shares.
 *
 * @param reader device reads and target resolution
 * @param options limits and intervals
 * @param stats agent counters
 * @param scheduler sampling and heartbeat timers
 * @param drainExecutor runs each stream's drain (one at a time per stream)
 * @param wallNanos monotonic wall time for heartbeats
 * @param log one line per subscription opened, refused and closed
 * @param changes the back end's changes, routed to the streams of each device
 * @param selections what the open streams' subscriptions select, one per distinct SubscriptionList
 */
record SubscribeEnvironment(
        DeviceReader reader,
        GnmiOptions options,
        AgentStats stats,
        ScheduledExecutorService scheduler,
        Executor drainExecutor,
        LongSupplier wallNanos,
        StructuredLog log,
        ChangeRouter changes,
        SharedSelections selections) {}
