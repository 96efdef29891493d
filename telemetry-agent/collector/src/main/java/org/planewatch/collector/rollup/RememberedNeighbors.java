package org.planewatch.collector.rollup;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A device's LLDP neighbors as the per-device stage remembers them, so that a task that moves to
 * another collector (or restarts) learns the topology again: it starts from the committed offset with
 * an empty model, and agents send LLDP only when it changes, so without them a moved task would never
 * again know which port faces which device (ADR 0100 named the gap; ADR 0118). Only the leaves the
 * topology is learnt from are kept ({@link LldpLeaves#TOPOLOGY}), as port, neighbor, leaf and value:
 * about 40 bytes a port, where the gNMI form took some 200 (a full-scale T0 has 512 ports). Counters
 * come back with the next sample and need no keeping.
 */
public final class RememberedNeighbors {
    private static final PathPattern LLDP = new PathPattern(LldpLeaves.ROOT);
    /** {@code /lldp/interfaces/interface[name]/neighbors/neighbor[id]/state/LEAF}. */
    private static final int LEAF_DEPTH = LldpLeaves.STATE_TEMPLATE.size() + 1;

    private RememberedNeighbors() {}

    /**
     * Whether {@code notification} may change what is remembered: an LLDP leaf, or a delete at or
     * above one (an agent's exclusion ring evicting decisions sends deletes with most samples: those
     * need no look at what is kept).
     */
    public static boolean touches(IngestEvent.Notification notification) {
        for (TelemetryPath deleted : notification.deletes()) {
            if (reachesLldp(deleted)) {
                return true;
            }
        }
        for (TelemetryUpdate update : notification.updates()) {
            if (LLDP.matches(update.path())) {
                return true;
            }
        }
        return false;
    }

    /** Whether deleting {@code deleted} removes LLDP leaves: it lies under the LLDP table, or above it. */
    private static boolean reachesLldp(TelemetryPath deleted) {
        // A delete deeper than the LLDP root (an exclusion ring's eviction, in most host samples)
        // cannot lie above it: no pattern is made for it.
        return LLDP.matches(deleted)
                || (deleted.size() <= LldpLeaves.ROOT.size() && new PathPattern(deleted).matches(LldpLeaves.ROOT));
    }

    /**
     * What is remembered once {@code incoming} is applied to {@code remembered} (null: nothing yet):
     * its topology leaves replace the same leaves, its deletes remove the leaves below them. Null when
     * nothing changed, an empty array when nothing is left. Leaves are compared as their keys and
     * names; paths are made only for deletes that reach LLDP.
     */
    public static byte[] merge(byte[] remembered, IngestEvent.Notification incoming) {
        Map<Leaf, String> leaves = remembered == null ? new LinkedHashMap<>() : decode(remembered);
        boolean changed = false;
        for (TelemetryPath deleted : incoming.deletes()) {
            if (!leaves.isEmpty() && reachesLldp(deleted)) {
                PathPattern below = new PathPattern(deleted);
                changed |= leaves.keySet().removeIf(leaf -> below.matches(leaf.path()));
            }
        }
        for (TelemetryUpdate update : incoming.updates()) {
            TelemetryPath path = update.path();
            if (isKept(path)) {
                Leaf leaf = new Leaf(
                        path.elem(LldpLeaves.INTERFACE_ELEM).key(PathNames.NAME),
                        path.elem(LldpLeaves.NEIGHBOR_ELEM).key(PathNames.ID),
                        path.last().name());
                String value = update.value().text();
                if (!value.equals(leaves.put(leaf, value))) {
                    changed = true;
                }
            }
        }
        if (!changed) {
            return null;
        }
        return leaves.isEmpty() ? new byte[0] : encode(leaves);
    }

    /** The remembered neighbors of {@code device} as a notification to apply first. */
    public static IngestEvent.Notification replay(byte[] remembered, String source, String device, long arrivalMillis) {
        List<TelemetryUpdate> updates = new ArrayList<>();
        decode(remembered)
                .forEach((leaf, value) -> updates.add(new TelemetryUpdate(leaf.path(), TelemetryValue.str(value))));
        return new IngestEvent.Notification(source, device, 0, updates, List.of(), arrivalMillis);
    }

    /** One remembered leaf: the port, the neighbor's id on it, and the leaf's name. */
    private record Leaf(String port, String neighbor, String name) {
        TelemetryPath path() {
            return LldpLeaves.state(port, neighbor).child(name);
        }
    }

    private static boolean isKept(TelemetryPath path) {
        return path.size() == LEAF_DEPTH
                && LLDP.matches(path)
                && LldpLeaves.TOPOLOGY.contains(path.last().name());
    }

    private static byte[] encode(Map<Leaf, String> leaves) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(leaves.size() * 24);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(leaves.size());
            for (Map.Entry<Leaf, String> entry : leaves.entrySet()) {
                Leaf leaf = entry.getKey();
                out.writeUTF(leaf.port());
                out.writeUTF(leaf.neighbor());
                out.writeUTF(leaf.name());
                out.writeUTF(entry.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("an in-memory stream failed", e);
        }
        return bytes.toByteArray();
    }

    private static Map<Leaf, String> decode(byte[] remembered) {
        Map<Leaf, String> leaves = new LinkedHashMap<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(remembered))) {
            for (int i = in.readInt(); i > 0; i--) {
                leaves.put(new Leaf(in.readUTF(), in.readUTF(), in.readUTF()), in.readUTF());
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("remembered neighbors that do not decode: " + e.getMessage(), e);
        }
        return leaves;
    }
}
