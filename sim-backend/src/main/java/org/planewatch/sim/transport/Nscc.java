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

    void onAck(QueuePair q, long ackedBytes, long rttPs, boolean ecn, long now) {
        if (now - q.ackWindowStart >= q.baseRttPs) {
            q.ackedLastWindow = q.ackedThisWindow;
            q.ackedThisWindow = 0;
            q.ackWindowStart = now;
        }
        q.ackedThisWindow += ackedBytes;
        if (ackedBytes == 0 || rttPs <= 0) {
            return;
        }
        if (q.bytesToIgnore > 0) {
            // Feedback on what was already in flight at a quick adapt describes the old window.
            q.bytesToIgnore -= ackedBytes;
            return;
        }
        long delay = Math.max(0, rttPs - q.baseRttPs);
        if (delay > quickAdaptRtts * q.baseRttPs) {
            quickAdapt(q, now);
            return;
        }
        double cwnd = q.cwnd;
        if (!ecn) {
            if (delay < targetPs) {
                cwnd += ackedBytes * (double) (targetPs - delay) / targetPs;
            } else {
                cwnd += fairIncreasePacketsPerRtt * ackedBytes * minWindow / cwnd;
            }
        } else if (delay >= targetPs && now - q.lastDecreasePs >= q.baseRttPs) {
            double cut = Math.min(gamma * (delay - targetPs) / delay, maxMdJump);
            cwnd *= 1 - cut;
            q.lastDecreasePs = now;
        }
        q.cwnd = clamp(cwnd, q.maxCwnd);
    }

    void quickAdapt(QueuePair q, long now) {
        if (now - q.lastQuickAdaptPs < q.baseRttPs) {
            return;
        }
        q.lastQuickAdaptPs = now;
        long achieved = Math.max(q.ackedLastWindow, q.ackedThisWindow);
        q.cwnd = clamp(Math.min(q.cwnd, achieved), q.maxCwnd);
        q.bytesToIgnore = q.inflight;
    }

    private double clamp(double cwnd, long max) {
        return Math.max(minWindow, Math.min(max, cwnd));
    }
}
