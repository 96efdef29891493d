package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.HostPlaneCounter;

/** Acceptance check 3: an incast is trimmed at the last hop and repaired by TRIM NACKs, no timeout, no EV retired. */
class IncastTest {

    @Test
    void lastHopTrimsAreRepairedByNacksWithoutRetiringAnyEv() {
        Simulation sim = Simulation.build(SmallFabrics.scenario(
                "incast",
                3,
                SmallFabrics.fabric(1, 16, 2, 16),
                TransportMode.MRC,
                SmallFabrics.incast(24, 0, 512 * 1024),
                List.of()));

        sim.runToCompletion(100_000 * US);
        RunSummary s = sim.summary();
        FabricTelemetry t = sim.telemetry();

        long lastHop = sum(t, HostPlaneCounter.TRIMMED_RX_LAST_HOP);
        long fabric = sum(t, HostPlaneCounter.TRIMMED_RX_FABRIC);
        long nacks = sum(t, HostPlaneCounter.NACKS_RECEIVED);
        System.out.println(s + " lastHop " + lastHop + " fabric " + fabric + " nacks " + nacks + " timeouts "
                + sum(t, HostPlaneCounter.RETRANSMITS_TIMEOUT) + " sack "
                + sum(t, HostPlaneCounter.RETRANSMITS_SACK_GAP));
        assertEquals(s.messages().total(), s.messages().completed());
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
        assertTrue(s.packets().trimmed() > 0, "the incast overflows the receiver's port");
        assertTrue(
                lastHop >= 0.95 * (lastHop + fabric),
                "trims at the last hop: " + lastHop + " of " + (lastHop + fabric));
        assertEquals(lastHop + fabric, sum(t, HostPlaneCounter.RETRANSMITS_NACK), "every trim repaired by a NACK");
        assertEquals(0, sum(t, HostPlaneCounter.RETRANSMITS_TIMEOUT), "no timeout");
        assertEquals(0, sum(t, HostPlaneCounter.RETRANSMITS_SACK_GAP), "no loss");
        assertEquals(List.of(), s.evTransitions(), "no EV retired");
    }

    private static long sum(FabricTelemetry t, HostPlaneCounter which) {
        long total = 0;
        for (int h = 0; h < t.hostCount(); h++) {
            for (int p = 0; p < t.planes(); p++) {
                total += t.hostPlaneCounter(h, p, which);
            }
        }
        return total;
    }
}
