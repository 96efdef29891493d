package org.planewatch.agent.gnmi;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
     * The names of {@link TelemetryBackend#targets()} (fixed for the back end's life), made at the
     * first lookup: a stream per device on the full fabric resolved 137,216 names one by one
     * against the list, O(targets) each.
     */
    private volatile Set<String> names;

    DeviceReader(TelemetryBackend backend, AgentStats stats) {
        this.backend = backend;
        this.stats = stats;
    }

    /** How many targets the back end serves. */
    int targetCount() {
        return backend.targets().size();
    }

    private Set<String> names() {
        Set<String> known = names;
        if (known == null) {
            Set<String> built = new HashSet<>();
            for (TargetInfo t : backend.targets()) {
                built.add(t.name());
            }
            names = known = built;
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
        for (Map.Entry<TelemetryPath, TelemetryValue> leaf : stats.leaves().entrySet()) {
            visitor.leaf(leaf.getKey(), leaf.getValue(), timestampNs);
        }
    }

    @FunctionalInterface
    interface LeafVisitor {
        void leaf(TelemetryPath path, TelemetryValue value, long timestampNs);
    }

    /** The targets {@code requested} names: one device, {@code *} for all, empty for the only one. */
    List<String> resolve(String requested) {
        List<TargetInfo> all = backend.targets();
        if (requested.equals(ALL_TARGETS)) {
            return all.stream().map(TargetInfo::name).toList();
        }
        if (requested.isEmpty()) {
            if (all.size() == 1) {
                return List.of(all.getFirst().name());
            }
            throw GnmiException.invalidArgument(
                    "this agent serves " + all.size() + " targets: set prefix.target to a device name (e.g. '"
                            + all.getFirst().name() + "') or '*'");
        }
        if (names().contains(requested)) {
            return List.of(requested);
        }
        List<String> some = new ArrayList<>();
        for (int i = 0; i < Math.min(3, all.size()); i++) {
            some.add(all.get(i).name());
        }
        throw GnmiException.notFound("unknown target '" + ClientText.shown(requested) + "'; this agent serves "
                + all.size() + " targets, e.g. " + String.join(", ", some));
    }
}
