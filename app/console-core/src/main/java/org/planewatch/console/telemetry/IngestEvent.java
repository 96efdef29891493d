package org.planewatch.console.telemetry;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * What ingest hands to the state owner, and what the recorder stores: decoded, immutable, stamped
 * with the wall-clock arrival time. Replay feeds the same events back in the same order.
 */
public sealed interface IngestEvent {
    /** The configured connection this came from (one agent or one aggregating endpoint). */
    String source();

    /** Wall-clock arrival, epoch milliseconds, from the ingest clock. Freshness is judged on it. */
    long arrivalMillis();

    /** The same event arrived at another instant (a queue or a recorder keeping arrivals in order). */
    IngestEvent withArrivalMillis(long arrivalMillis);

    /**
     * One gNMI notification with prefix applied.
     *
     * @param target the device ({@code prefix.target}, else the source's single target)
     * @param timestampNs collection time from the agent: wall-clock ns since the Unix epoch (simulated agents before ADR 0096: their epoch plus simulated time)
     */
    record Notification(
            String source,
            String target,
            long timestampNs,
            List<TelemetryUpdate> updates,
            List<TelemetryPath> deletes,
            long arrivalMillis)
            implements IngestEvent {
        public Notification {
            // Columns are immutable already, and copying them would make the object per update they avoid.
            updates = updates instanceof UpdateColumns ? updates : List.copyOf(updates);
            deletes = deletes instanceof PathColumns ? deletes : List.copyOf(deletes);
        }

        @Override
        public Notification withArrivalMillis(long at) {
            return new Notification(source, target, timestampNs, updates, deletes, at);
        }

        /**
         * This notification with only the updates whose path {@code keep} accepts, deletes as they
         * are: itself when every update is kept (no copy).
         */
        public Notification keepingUpdates(Predicate<TelemetryPath> keep) {
            int refused = 0;
            for (TelemetryUpdate update : updates) {
                if (!keep.test(update.path())) {
                    refused++;
                }
            }
            if (refused == 0) {
                return this;
            }
            List<TelemetryUpdate> kept = new ArrayList<>(updates.size() - refused);
            for (TelemetryUpdate update : updates) {
                if (keep.test(update.path())) {
                    kept.add(update);
                }
            }
            return new Notification(source, target, timestampNs, kept, deletes, arrivalMillis);
        }
    }

    /** The source reached the end of its initial state dump ({@code sync_response}). */
    record Synced(String source, long arrivalMillis) implements IngestEvent {
        @Override
        public Synced withArrivalMillis(long at) {
            return new Synced(source, at);
        }
    }

    /**
     * The connection changed phase. {@code detail} explains a failure in operator words
     * ("connection refused by 10.0.0.5:9339"), or is empty.
     */
    record Connection(String source, ConnectionPhase phase, String detail, long arrivalMillis) implements IngestEvent {
        @Override
        public Connection withArrivalMillis(long at) {
            return new Connection(source, phase, detail, at);
        }
    }

    /**
     * One record of a rollup topic of the collector tier (ADR 0100), as a fleet recording keeps it
     * (ADR 0106): which rollup, its key and its value as the topic holds it (JSON), or {@code null}
     * for a tombstone (the key is gone). Only a fleet's replay reads them; a telemetry store ignores them.
     *
     * @param source where it was read ({@code planewatch.rollup.links}, ...)
     */
    record Rollup(String source, Kind kind, String key, byte[] value, long arrivalMillis) implements IngestEvent {
        /** The four rollups, in the order of their numbers in a recording. */
        public enum Kind {
            PLANE,
            LINK,
            SUSPECT,
            ALARM
        }

        public Rollup {
            // The topic's bytes, never changed after decoding: shared rather than copied (a link record per
            // link per sample at full scale).
            if (key == null) {
                throw new IllegalArgumentException("a rollup record has a key");
            }
        }

        public boolean tombstone() {
            return value == null;
        }

        @Override
        public Rollup withArrivalMillis(long at) {
            return new Rollup(source, kind, key, value, at);
        }
    }
}
