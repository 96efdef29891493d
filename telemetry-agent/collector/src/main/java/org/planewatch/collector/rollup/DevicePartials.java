package org.planewatch.collector.rollup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.RollupJson;

/**
 * The per-device stage of the rollups for one stream task: the notifications of the devices in one
 * partition of the updates topic go into the console core's own {@link TelemetryStore} (counters to
 * rates, LLDP to topology, links from both ends, per-plane sums: the console's maths, not a copy),
 * and {@link #changes} turns its snapshot into the partial sums of each plane and the links as this
 * task sees them, only those that changed since the last call. Not thread-safe: the task's thread.
 */
public final class DevicePartials {
    /** The exclusion history the store keeps: decisions are the by-plane stage's business here. */
    private static final int EVENT_CAPACITY = 16;

    private final String task;
    private final TelemetryStore store;
    private final Map<Integer, PlanePartial> sentPlanes = new HashMap<>();
    private final Map<String, LinkPartial> sentLinks = new HashMap<>();

    public DevicePartials(String task, LongSupplier clockMillis) {
        this.task = task;
        this.store = new TelemetryStore(
                () -> Instant.ofEpochMilli(clockMillis.getAsLong()),
                FreshnessPolicy.standard(),
                AlarmThresholds.defaults(),
                EVENT_CAPACITY);
    }

    public void apply(IngestEvent.Notification notification) {
        store.apply(List.of(notification));
    }

    /** Devices seen so far. */
    public int devices() {
        return store.latest().switches().size() + store.latest().hosts().size();
    }

    /** The partial sums and links that changed since the last call, and the links gone since. */
    public List<PlaneInput> changes() {
        FabricSnapshot snapshot = store.publish(FabricSnapshot.IngestStats.NONE);
        List<PlaneInput> changed = new ArrayList<>();
        for (FabricSnapshot.PlaneSummary plane : snapshot.planes()) {
            PlanePartial partial = new PlanePartial(
                    task,
                    plane.plane(),
                    plane.hosts(),
                    plane.switches(),
                    plane.evsGood(),
                    plane.evsOutOfService(),
                    RollupJson.known(plane.goodputBps()),
                    RollupJson.known(plane.lastHopTrimRate()),
                    RollupJson.known(plane.fabricTrimRate()));
            if (!partial.equals(sentPlanes.put(plane.plane(), partial))) {
                changed.add(PlaneInput.of(partial));
            }
        }
        Map<String, LinkPartial> seen = new HashMap<>();
        for (FabricSnapshot.LinkState link : snapshot.links()) {
            LinkPartial partial = new LinkPartial(
                    task,
                    link.id(),
                    link.plane(),
                    link.kind().name(),
                    link.up(),
                    RollupJson.known(link.bitsPerSecond()),
                    RollupJson.known(link.trimRate()),
                    RollupJson.known(link.errorRate()),
                    RollupJson.known(link.capacityBps()));
            seen.put(link.id(), partial);
            if (!partial.equals(sentLinks.get(link.id()))) {
                changed.add(PlaneInput.of(partial));
            }
        }
        for (LinkPartial gone : sentLinks.values()) {
            if (!seen.containsKey(gone.link())) {
                changed.add(PlaneInput.gone(task, gone.link(), gone.plane()));
            }
        }
        sentLinks.clear();
        sentLinks.putAll(seen);
        return changed;
    }
}
