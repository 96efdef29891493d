package org.planewatch.sim.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.sim.acceptance.SmallFabrics.US;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.sim.RunSummary;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.QpCounter;
import org.planewatch.sim.transport.QpFailure;

/**
 * The QP timer (1.024 us * 2^t) declares the peer dead after {@code qpRetryCount} expiries in a
 * row without progress: the QP fails with its messages. A recoverable outage makes progress in
 * between and completes every message.
 */
class QpTimerTest {
    private static final int EXPONENT = 7;
    private static final int RETRIES = 3;
    private static final long QP_TIMEOUT_PS = Math.round(1_024_000.0 * (1 << EXPONENT));
    private static final int RECEIVER = 5;
    private static final int SENDERS = 3;
    private static final long DOWN_PS = 20 * US;

    private static Simulation incastWithReceiverLinks(List<FaultSpec> faults) {
        return Simulation.build(SmallFabrics.scenario(
                "qp-timer",
                11,
                SmallFabrics.fabric(2, 4, 2, 2),
                SmallFabrics.mrcQpTimer(EXPONENT, RETRIES),
                SmallFabrics.incast(SENDERS, RECEIVER, 1_000_000),
                faults));
    }

    private static List<FaultSpec> receiverLinks(boolean down, long atPs) {
        List<FaultSpec> faults = new ArrayList<>();
        for (int plane = 0; plane < 2; plane++) {
            String link = "host-" + RECEIVER + "~p" + plane + "-t0-1";
            faults.add(down ? new FaultSpec.LinkDown(atPs / 1000, link) : new FaultSpec.LinkUp(atPs / 1000, link));
        }
        return faults;
    }

    private static long sum(FabricTelemetry t, QpCounter which) {
        long total = 0;
        for (int qp = 0; qp < t.qpCount(); qp++) {
            total += t.qpCounter(qp, which);
        }
        return total;
    }

    @Test
    void qpsToAHostWhosePlaneLinksAllDiedFailAfterTheTimerBudget() {
        Simulation sim = incastWithReceiverLinks(receiverLinks(true, DOWN_PS));

        sim.runUntil(DOWN_PS + (RETRIES + 3) * QP_TIMEOUT_PS);
        RunSummary s = sim.summary();
        List<QpFailure> heard = s.qpFailures();

        assertEquals(SENDERS, heard.size(), "every QP towards the dead host failed: " + heard);
        for (QpFailure f : heard) {
            assertEquals(RECEIVER, f.peer());
            assertEquals(RETRIES, f.expiries());
            assertEquals(1, f.messagesFailed());
            assertTrue(f.atPs() >= DOWN_PS + RETRIES * QP_TIMEOUT_PS, "not before the timer budget: " + f);
            assertTrue(f.atPs() < DOWN_PS + (RETRIES + 1) * QP_TIMEOUT_PS, "declared at the last expiry: " + f);
        }
        assertEquals(SENDERS, s.messages().failed());
        assertEquals(0, s.messages().completed());
        assertEquals(SENDERS, sum(sim.telemetry(), QpCounter.FAILED));
        assertEquals(SENDERS, sum(sim.telemetry(), QpCounter.MESSAGES_FAILED));
        assertEquals(0, sum(sim.telemetry(), QpCounter.BYTES_IN_FLIGHT), "a failed QP holds nothing in flight");
    }

    @Test
    void anOutageShorterThanTheBudgetCompletesEveryMessage() {
        long upPs = DOWN_PS + (RETRIES - 1) * QP_TIMEOUT_PS;
        List<FaultSpec> faults = new ArrayList<>(receiverLinks(true, DOWN_PS));
        faults.addAll(receiverLinks(false, upPs));
        Simulation sim = incastWithReceiverLinks(faults);

        sim.runToCompletion(100_000 * US);
        RunSummary s = sim.summary();

        assertTrue(sum(sim.telemetry(), QpCounter.QP_TIMEOUTS) > 0, "the QP timer expired during the outage");
        assertEquals(List.of(), s.qpFailures());
        assertEquals(0, s.messages().failed());
        assertEquals(s.messages().total(), s.messages().completed());
        assertEquals(s.messages().bytesExpected(), s.messages().bytesDelivered());
    }
}
