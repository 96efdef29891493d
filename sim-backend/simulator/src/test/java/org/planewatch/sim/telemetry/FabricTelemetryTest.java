package org.planewatch.sim.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.config.WorkloadConfig;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.transport.EvCounter;
import org.planewatch.sim.transport.EvState;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.HostPlaneCounter;
import org.planewatch.sim.transport.QpCounter;

class FabricTelemetryTest {
    private static final FabricConfig FABRIC =
            new FabricConfig(2, 4, 4, 4, 100, 1000, 4096, 64, 262_144, 524_288, 50_000, 200_000, true, 0, 8);

    @Test
    void countersAddUpAcrossHostsPortsQpsAndEvs() {
        Simulation sim = Simulation.build(new Scenario(
                "t",
                5,
                FABRIC,
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(1_000_000, 1),
                List.of(),
                0));
        FabricTelemetry t = sim.telemetry();
        sim.runToCompletion(Long.MAX_VALUE);
        sim.runUntil(sim.nowPs() + 50_000_000);

        long nicTx = 0;
        long rxBytes = 0;
        for (int h = 0; h < t.hostCount(); h++) {
            for (int p = 0; p < t.planes(); p++) {
                nicTx += t.portCounter(t.hostPort(h, p), PortCounter.TX_PACKETS);
                rxBytes += t.hostPlaneCounter(h, p, HostPlaneCounter.RX_DATA_BYTES);
                assertEquals(128, t.hostPlaneCounter(h, p, HostPlaneCounter.EVS_GOOD));
            }
        }
        assertTrue(nicTx > sim.summary().packets().sent(), "data plus ACKs");
        assertEquals(16_000_000, rxBytes);
        long evSent = 0;
        for (int qp = 0; qp < t.qpCount(); qp++) {
            assertEquals(1, t.qpCounter(qp, QpCounter.MESSAGES_COMPLETED));
            assertTrue(t.qpCounter(qp, QpCounter.MIN_RTT_NS) > 0);
            assertTrue(t.qpCounter(qp, QpCounter.COMPLETION_P50_NS) > 10_000, "1 MB at 800 Gb/s takes over 10 us");
            assertEquals(0, t.qpCounter(qp, QpCounter.BYTES_IN_FLIGHT), "every ACK back at the sender");
            for (int ev = 0; ev < t.evCount(qp); ev++) {
                evSent += t.evCounter(qp, ev, EvCounter.PACKETS_SENT);
            }
        }
        assertEquals(sim.summary().packets().sent(), evSent);
        assertEquals(0.0, t.planeMetric(0, PlaneMetric.EVS_OUT_OF_SERVICE_FRACTION));
        double utilisation = t.planeMetric(1, PlaneMetric.UTILISATION);
        assertTrue(utilisation > 0 && utilisation < 1, "utilisation " + utilisation);
    }

    @Test
    void exclusionListenersHearEveryTransitionWithItsLinks() {
        Simulation sim = linkFailure();
        List<ExclusionEvent> heard = new ArrayList<>();
        sim.telemetry().addExclusionListener(heard::add);
        sim.runToCompletion(Long.MAX_VALUE);

        assertFalse(heard.isEmpty());
        assertEquals(sim.summary().evTransitions(), heard);
        ExclusionEvent first = heard.getFirst();
        assertEquals(EvState.ASSUMED_BAD, first.to());
        assertTrue(first.links().contains("p1-t0-1~p1-t1-2"));
        assertEquals(1, first.plane());
        assertEquals(1.0, sim.telemetry().planeMetric(1, PlaneMetric.LINKS_DOWN));
        assertEquals(EvState.ASSUMED_BAD.ordinal(), sim.telemetry().evCounter(first.qp(), first.ev(), EvCounter.STATE));
    }

    @Test
    void qpPacketAndRetransmitCountersAddUpOverItsEvsDuringALinkFailure() {
        FabricTelemetry t = linkFailureRunToCompletion();

        long retransmitsSeen = 0;
        long hostRetransmits = 0;
        for (int qp = 0; qp < t.qpCount(); qp++) {
            long sent = 0;
            long lostOrTrimmed = 0;
            for (int ev = 0; ev < t.evCount(qp); ev++) {
                sent += t.evCounter(qp, ev, EvCounter.PACKETS_SENT);
                lostOrTrimmed += t.evCounter(qp, ev, EvCounter.LOSSES) + t.evCounter(qp, ev, EvCounter.TRIMS);
            }
            assertEquals(sent, t.qpCounter(qp, QpCounter.PACKETS_SENT), "QP " + qp);
            assertEquals(lostOrTrimmed, t.qpCounter(qp, QpCounter.RETRANSMITS), "QP " + qp);
            retransmitsSeen += t.qpCounter(qp, QpCounter.RETRANSMITS);
        }
        for (int h = 0; h < t.hostCount(); h++) {
            for (int p = 0; p < t.planes(); p++) {
                hostRetransmits += t.hostPlaneCounter(h, p, HostPlaneCounter.RETRANSMITS_NACK)
                        + t.hostPlaneCounter(h, p, HostPlaneCounter.RETRANSMITS_SACK_GAP)
                        + t.hostPlaneCounter(h, p, HostPlaneCounter.RETRANSMITS_TIMEOUT);
            }
        }
        assertTrue(retransmitsSeen > 0, "the failed link lost packets that were sent again");
        assertEquals(hostRetransmits, retransmitsSeen, "the QPs' retransmits are the hosts' retransmits");
    }

    @Test
    void aPortReceivesWhatTheFacingPortSentLessWhatTheWireLostAndWhatIsStillOnIt() {
        FabricTelemetry t = linkFailureRunToCompletion();

        boolean sawLoss = false;
        for (int sw = 0; sw < t.switchCount(); sw++) {
            for (int k = 0; k < t.switchPortCount(sw); k++) {
                int port = t.switchPort(sw, k);
                int from = t.facingPort(port);
                long lost = t.portCounter(from, PortCounter.WIRE_LOST_LINK_DOWN);
                long lostOrOnWire =
                        t.portCounter(from, PortCounter.TX_PACKETS) - t.portCounter(port, PortCounter.RX_PACKETS);
                assertTrue(lostOrOnWire >= lost, "port " + port);
                assertTrue(lostOrOnWire - lost <= 4, "port " + port + ": at most a link delay's packets on the wire");
                assertTrue(t.portCounter(port, PortCounter.RX_BYTES) <= t.portCounter(from, PortCounter.TX_BYTES));
                sawLoss |= lost > 0;
            }
        }
        assertTrue(sawLoss, "the failed link lost packets that were on it when it failed");
    }

    /** A permutation of 2 MB messages on a fabric whose link p1-t0-1~p1-t1-2 fails at 20 us. */
    private static Simulation linkFailure() {
        return Simulation.build(new Scenario(
                "t",
                5,
                FABRIC,
                TransportConfig.defaults(TransportMode.MRC),
                WorkloadConfig.permutation(2_000_000, 1),
                List.of(new FaultSpec.LinkDown(20_000, "p1-t0-1~p1-t1-2")),
                0));
    }

    private static FabricTelemetry linkFailureRunToCompletion() {
        Simulation sim = linkFailure();
        sim.runToCompletion(Long.MAX_VALUE);
        return sim.telemetry();
    }
}
