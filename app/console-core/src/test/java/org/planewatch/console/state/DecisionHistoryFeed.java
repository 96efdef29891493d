package org.planewatch.console.state;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.planewatch.console.state.localize.PathDecision;
import org.planewatch.console.telemetry.RecordedDecision;

/**
 * Feeds path decisions into a store as a replay's seek does: straight from a recording's decision
 * history, each host's decisions numbered from 1.
 */
final class DecisionHistoryFeed implements Consumer<PathDecision> {
    private final TelemetryStore store;
    private final Map<String, Long> seqByHost = new HashMap<>();

    DecisionHistoryFeed(TelemetryStore store) {
        this.store = store;
    }

    @Override
    public void accept(PathDecision d) {
        long seq = seqByHost.merge(d.host(), 1L, Long::sum);
        store.applyHistory(List.of(new RecordedDecision(
                d.source(),
                d.host(),
                0,
                seq,
                d.arrivalMillis(),
                d.timestampNs(),
                d.qpn(),
                (long) d.ev(),
                (long) d.plane(),
                String.join(",", d.links()),
                d.fromState(),
                d.toState(),
                "loss-timer")));
    }
}
