package org.planewatch.sim.transport;

import org.planewatch.sim.config.TransportConfig;

/**
 * NSCC-style window control (profile {@code uet-1.0-nscc}), per ACK with delay = RTT - base RTT:
 * no ECN and delay below target: proportional increase (up to doubling per RTT at zero delay); no
 * ECN, delay above target: fair increase;
 * ECN and delay above target: multiplicative decrease at most once per base RTT; ECN and delay
 * below target: no change (the EV penalty steers away). Trims and losses trigger quick adapt: the
 * window drops to the bytes acknowledged in the last base RTT, and the ACKs of what was in flight
 * then are ignored (as in htsim's NSCC) so they do not grow the new window at once.
 */
final class Nscc {
    private final double fairIncreasePacketsPerRtt;
    private final long targetPs;
    private final double gamma;
    private final double maxMdJump;
    private final double quickAdaptRtts;
    private final int minWindow;

    Nscc(TransportConfig config, int packetWireBytes) {
        this.targetPs = Math.max(1, config.nsccTargetDelayNs() * 1000);
        this.gamma = config.nsccGamma();
        this.maxMdJump = config.nsccMaxMdJump();
        this.quickAdaptRtts = config.nsccQaThreshold();
        this.minWindow = packetWireBytes;
        this.fairIncreasePacketsPerRtt = config.nsccFairIncreasePacketsPerRtt();
    }

    void onAck(QueuePair qp, long ackedBytes, long rttPs, boolean ecn, long now) {
        if (now - qp.ackWindowStart >= qp.baseRttPs) {
            qp.ackedLastWindow = qp.ackedThisWindow;
            qp.ackedThisWindow = 0;
            qp.ackWindowStart = now;
        }
        qp.ackedThisWindow += ackedBytes;
        if (ackedBytes == 0 || rttPs <= 0) {
            return;
        }
        if (qp.bytesToIgnore > 0) {
            // Feedback on what was already in flight at a quick adapt describes the old window.
            qp.bytesToIgnore -= ackedBytes;
            return;
        }
        long delay = Math.max(0, rttPs - qp.baseRttPs);
        if (delay > quickAdaptRtts * qp.baseRttPs) {
            quickAdapt(qp, now);
            return;
        }
        double cwnd = qp.cwnd;
        if (!ecn) {
            if (delay < targetPs) {
                cwnd += ackedBytes * (double) (targetPs - delay) / targetPs;
            } else {
                cwnd += fairIncreasePacketsPerRtt * ackedBytes * minWindow / cwnd;
            }
        } else if (delay >= targetPs && now - qp.lastDecreasePs >= qp.baseRttPs) {
            double cut = Math.min(gamma * (delay - targetPs) / delay, maxMdJump);
            cwnd *= 1 - cut;
            qp.lastDecreasePs = now;
        }
        qp.cwnd = clamp(cwnd, qp.maxCwnd);
    }

    void quickAdapt(QueuePair qp, long now) {
        if (now - qp.lastQuickAdaptPs < qp.baseRttPs) {
            return;
        }
        qp.lastQuickAdaptPs = now;
        long achieved = Math.max(qp.ackedLastWindow, qp.ackedThisWindow);
        qp.cwnd = clamp(Math.min(qp.cwnd, achieved), qp.maxCwnd);
        qp.bytesToIgnore = qp.inflight;
    }

    private double clamp(double cwnd, long max) {
        return Math.max(minWindow, Math.min(max, cwnd));
    }
}
