package org.planewatch.agent.gnmi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.log.ClientText;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** Reads devices from the back end, adds the agent's own leaves, and resolves {@code prefix.target}. */
final class DeviceReader {

    static final String ALL_TARGETS = "*";

    private final TelemetryBackend backend;
    private final AgentStats stats;
    /**
     * {@link TelemetryBackend#targets()} (fixed for the back end's life) and their names, taken at the
     * first lookup. A stream per device on the full fabric (137,216 of them) asked the back end for the
     * list twice as it opened, and the simulator copied its 137,216 entries each time: opening the
     * streams spent nine tenths of its time there (ADR 0109). Now a stream's target costs one lookup.
     */
    private volatile Served served;

    /** The targets, their names in order, and for each name the one String the streams of that target share. */
    private record Served(List<TargetInfo> all, List<String> allNames, Map<String, String> names) {}

    DeviceReader(TelemetryBackend backend, AgentStats stats) {
        this.backend = backend;
        this.stats = stats;
    }

    /** How many targets the back end serves. */
    int targetCount() {
        return served().all().size();
    }

    private Served served() {
        Served known = served;
        return known != null ? known : takeTargets();
    }

    /** Once: streams opening together would each take the list. */
    private synchronized Served takeTargets() {
        Served known = served;
        if (known == null) {
            List<TargetInfo> all = List.copyOf(backend.targets());
            Map<String, String> names = HashMap.newHashMap(all.size());
            for (TargetInfo t : all) {
                names.put(t.name(), t.name());
            }
            served = known = new Served(all, all.stream().map(TargetInfo::name).toList(), names);
        }
        return known;
    }

    TelemetryBackend backend() {
        return backend;
    }

    DeviceSnapshot read(String target) {
        return backend.read(target);
    }

    /** Leaves of the target, then the agent's own leaves, to {@code visitor}; returns the collection time. */
    long visit(String target, LeafVisitor visitor) {
        DeviceSnapshot device = backend.read(target);
        for (Map.Entry<TelemetryPath, TelemetryValue> leaf : device.leaves().entrySet()) {
            visitor.leaf(leaf.getKey(), leaf.getValue(), device.timestampNs());
        }
        visitAgentLeaves(device.timestampNs(), visitor);
        return device.timestampNs();
    }

    /** The agent's own leaves, stamped {@code timestampNs} like the device they are served with. */
    void visitAgentLeaves(long timestampNs, LeafVisitor visitor) {
        stats.visit((path, value) -> visitor.leaf(path, value, timestampNs));
    }

    @FunctionalInterface
    interface LeafVisitor {
        void leaf(TelemetryPath path, TelemetryValue value, long timestampNs);
    }

    /** The targets {@code requested} names: one device, {@code *} for all, empty for the only one. */
    List<String> resolve(String requested) {
        List<TargetInfo> all = served().all();
        if (requested.equals(ALL_TARGETS)) {
            return served().allNames();
        }
        if (requested.isEmpty()) {
            if (all.size() == 1) {
                return List.of(all.getFirst().name());
            }
            throw GnmiException.invalidArgument(
                    "this agent serves " + all.size() + " targets: set prefix.target to a device name (e.g. '"
                            + all.getFirst().name() + "') or '*'");
        }
        String known = served().names().get(requested);
        if (known != null) {
            return List.of(known); // the back end's String, not the request's: a stream keeps no part of its request
        }
        List<String> some = new ArrayList<>();
        for (int i = 0; i < Math.min(3, all.size()); i++) {
            some.add(all.get(i).name());
        }
        throw GnmiException.notFound("unknown target '" + ClientText.shown(requested) + "'; this agent serves "
                + all.size() + " targets, e.g. " + String.join(", ", some));
    }
}
