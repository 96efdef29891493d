package org.planewatch.sim;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.sim.switching.HeldPackets;
import org.planewatch.sim.switching.PacketClass;
import org.planewatch.sim.switching.PortCounter;

/**
 * Where every packet of a run went, each figure counted at a different place, so that a packet that
 * vanishes (freed without being counted, or lost from a queue) breaks the sums between them: the
 * senders count what they send, the receivers what they take in, each port what it trims and drops,
 * and a walk of every queue and wire what is still held.
 *
 * @param dataSentBySenders data packets the QPs' senders sent, retransmissions included
 * @param dataReceived untrimmed data packets the receivers took in (every NIC port together)
 * @param trimmedHeadersReceived trimmed headers the receivers took in and answered with a NACK
 * @param stragglersDiscarded packets that reached a failed QP and were discarded unread, by class
 * @param trimmedBySwitches data packets the ports trimmed to their header (sum of their TRIMMED counters)
 * @param dropped packets dropped, by class, then by cause: the port counter of a port's drop
 *     ({@link PortCounter#TRIMMED_THEN_DROPPED}, the {@code DROP_*} counters, {@link PortCounter#WIRE_NO_ROUTE})
 *     or of a wire's loss ({@link PortCounter#WIRE_CRC_ERRORS}, {@link PortCounter#WIRE_LOST_GRAY},
 *     {@link PortCounter#WIRE_LOST_LINK_DOWN}); see {@link #DROP_CAUSES}
 * @param held what the walk of every queue and wire found
 * @param poolLive packet slots the packet pool has handed out and not had back
 */
public record PacketCensus(
        long dataSentBySenders,
        long dataReceived,
        long trimmedHeadersReceived,
        Map<PacketClass, Long> stragglersDiscarded,
        long trimmedBySwitches,
        Map<PacketClass, Map<PortCounter, Long>> dropped,
        HeldPackets held,
        long poolLive) {

    /** The causes a drop is counted under. */
    public static final List<PortCounter> DROP_CAUSES = List.of(
            PortCounter.TRIMMED_THEN_DROPPED,
            PortCounter.DROP_DATA_QUEUE_FULL,
            PortCounter.DROP_HEADER_QUEUE_FULL,
            PortCounter.DROP_LINK_DOWN,
            PortCounter.WIRE_NO_ROUTE,
            PortCounter.WIRE_CRC_ERRORS,
            PortCounter.WIRE_LOST_GRAY,
            PortCounter.WIRE_LOST_LINK_DOWN);

    public PacketCensus {
        stragglersDiscarded = HeldPackets.byClass(stragglersDiscarded);
        Map<PacketClass, Map<PortCounter, Long>> copy = new EnumMap<>(PacketClass.class);
        dropped.forEach((kind, byCause) -> {
            Map<PortCounter, Long> causes = new EnumMap<>(PortCounter.class);
            causes.putAll(byCause);
            copy.put(kind, Collections.unmodifiableMap(causes));
        });
        dropped = Collections.unmodifiableMap(copy);
    }

    /** Packets of class {@code kind} dropped for any cause. */
    public long dropped(PacketClass kind) {
        return dropped.getOrDefault(kind, Map.of()).values().stream()
                .mapToLong(Long::longValue)
                .sum();
    }

    public long stragglers(PacketClass kind) {
        return stragglersDiscarded.getOrDefault(kind, 0L);
    }

    /** Short enough for an assertion message: zero entries left out, classes and causes in order. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder()
                .append("sent ")
                .append(dataSentBySenders)
                .append(", received ")
                .append(dataReceived)
                .append(", trimmed ")
                .append(trimmedBySwitches)
                .append(", trimmed headers received ")
                .append(trimmedHeadersReceived)
                .append(", discarded by failed QPs ")
                .append(nonZero(stragglersDiscarded))
                .append(", dropped {");
        String separator = "";
        for (Map.Entry<PacketClass, Map<PortCounter, Long>> byClass : dropped.entrySet()) {
            Map<?, Long> causes = nonZero(byClass.getValue());
            if (!causes.isEmpty()) {
                text.append(separator).append(byClass.getKey()).append(causes);
                separator = ", ";
            }
        }
        return text.append("}, held in queues ")
                .append(nonZero(held.inQueues()))
                .append(" on wires ")
                .append(nonZero(held.onWires()))
                .append(", wire arrivals pending ")
                .append(held.wireArrivalsPending())
                .append(", pool slots in use ")
                .append(poolLive)
                .toString();
    }

    private static <K> Map<K, Long> nonZero(Map<K, Long> counts) {
        Map<K, Long> kept = new LinkedHashMap<>();
        counts.forEach((key, count) -> {
            if (count != 0) {
                kept.put(key, count);
            }
        });
        return kept;
    }
}
