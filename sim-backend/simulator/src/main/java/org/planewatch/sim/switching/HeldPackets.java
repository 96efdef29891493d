package org.planewatch.sim.switching;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The packets the network holds at one instant, found by walking every port's data queue, header
 * queue and wire rather than read from a counter: an account independent of the counters that
 * move as packets are sent, delivered, trimmed and dropped.
 *
 * @param inQueues packets in a port's data or header queue, by class
 * @param onWires packets serialised onto a wire and not yet at its far end, by class
 * @param wireArrivalsPending wire-arrival events the engine holds: one per packet on a wire
 */
public record HeldPackets(Map<PacketClass, Long> inQueues, Map<PacketClass, Long> onWires, long wireArrivalsPending) {

    public HeldPackets {
        inQueues = byClass(inQueues);
        onWires = byClass(onWires);
    }

    /** An unmodifiable copy in class order (readable in assertion messages). */
    public static Map<PacketClass, Long> byClass(Map<PacketClass, Long> counts) {
        Map<PacketClass, Long> copy = new EnumMap<>(PacketClass.class);
        copy.putAll(counts);
        return Collections.unmodifiableMap(copy);
    }

    /** Packets of {@code kind} in queues and on wires together. */
    public long of(PacketClass kind) {
        return inQueues.getOrDefault(kind, 0L) + onWires.getOrDefault(kind, 0L);
    }

    public long total() {
        long total = 0;
        for (PacketClass kind : PacketClass.values()) {
            total += of(kind);
        }
        return total;
    }

    public long totalOnWires() {
        return onWires.values().stream().mapToLong(Long::longValue).sum();
    }
}
