package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.planewatch.sim.PacketCensus;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.switching.HeldPackets;
import org.planewatch.sim.switching.PacketClass;
import org.planewatch.sim.switching.PortCounter;

/**
 * The conservation laws a {@link PacketCensus} must obey. Each side of each law is counted at a
 * different place (senders, receivers, ports, a walk of the queues and wires), so a packet that
 * vanishes, freed without being counted or lost from a queue, breaks one of them.
 */
final class PacketAccounting {
    private PacketAccounting() {}

    static void assertEveryPacketAccountedFor(PacketCensus census, String when) {
        HeldPackets held = census.held();
        String context = when + ": " + census;
        // Data: what the senders sent was received, discarded by a failed QP, dropped, trimmed, or is still held.
        assertEquals(
                census.dataSentBySenders(),
                census.dataReceived()
                        + census.stragglers(PacketClass.DATA)
                        + census.dropped(PacketClass.DATA)
                        + census.trimmedBySwitches()
                        + held.of(PacketClass.DATA),
                "data packets sent = received + discarded + dropped + trimmed + held, " + context);
        // Trimmed headers: each trim made one, which was received (and NACKed), discarded, dropped, or is still held.
        assertEquals(
                census.trimmedBySwitches(),
                census.trimmedHeadersReceived()
                        + census.stragglers(PacketClass.TRIMMED_HEADER)
                        + census.dropped(PacketClass.TRIMMED_HEADER)
                        + held.of(PacketClass.TRIMMED_HEADER),
                "trims = trimmed headers received + discarded + dropped + held, " + context);
        // Between events no host holds a packet: every slot the pool handed out is in a queue or on a wire.
        assertEquals(
                census.poolLive(), held.total(), "packet slots in use = packets in queues and on wires, " + context);
        // A packet on a wire has exactly one pending arrival event.
        assertEquals(
                held.wireArrivalsPending(),
                held.totalOnWires(),
                "pending wire arrivals = packets on wires, " + context);
        // A drop is counted under a cause that can befall its class.
        assertEquals(
                0,
                census.dropped().get(PacketClass.DATA).get(PortCounter.TRIMMED_THEN_DROPPED),
                "untrimmed data dropped as trimmed, " + context);
        assertEquals(
                0,
                census.dropped().get(PacketClass.TRIMMED_HEADER).get(PortCounter.DROP_DATA_QUEUE_FULL),
                "trimmed header dropped as untrimmed data, " + context);
        assertEquals(
                0,
                census.dropped().get(PacketClass.DATA).get(PortCounter.DROP_HEADER_QUEUE_FULL),
                "untrimmed data dropped by a header queue, " + context);
    }

    /** The network's own totals in the run summary agree with the independent counts. */
    static void assertSummaryAgrees(RunSummary.Packets packets, PacketCensus census) {
        String context = packets + " vs " + census;
        assertEquals(census.dataSentBySenders(), packets.sent(), "sent, " + context);
        assertEquals(
                census.dataReceived() + census.stragglers(PacketClass.DATA),
                packets.delivered(),
                "delivered, " + context);
        assertEquals(census.trimmedBySwitches(), packets.trimmed(), "trimmed, " + context);
        assertEquals(census.dropped(PacketClass.DATA), packets.dropped(), "dropped, " + context);
        assertEquals(census.held().of(PacketClass.DATA), packets.inFlightAtEnd(), "in flight, " + context);
    }
}
