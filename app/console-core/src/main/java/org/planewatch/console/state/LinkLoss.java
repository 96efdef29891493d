package org.planewatch.console.state;

import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.PortSummary;

/**
 * Packets lost between the two ends of each link direction: what one end's {@code out-octets} grew
 * by that the other end's {@code in-octets} did not, over the sender's samples, older samples
 * weighing less. The receiver's counter is taken at the sender's sample time (exact when both report
 * at the same instant, else moved along its rate). What is on the wire when the ends are sampled (a
 * bandwidth-delay product) comes and goes and averages out; a gray link's loss does not. Owned by
 * the state thread.
 */
final class LinkLoss {
    /** How much of the running sums each new sample keeps. */
    static final double DECAY = 0.9;

    /** Samples of the sender before a share is told: fewer would be mostly what was on the wire. */
    static final int WARM_UP = 5;

    // One direction of one link: the sender's last sample, the receiver's counter then, and the
    // running sums. Kept by the link's builder from one publication to the next (a map keyed by a
    // string built per direction per publication was a fifth of the state owner's time at 9,728
    // devices, ADR 0108).
    private long atNs = Long.MIN_VALUE;
    private long sent;
    private double received;
    private double sentSum;
    private double lostSum;
    private int samples;

    /**
     * Packets per second lost from {@code from} to {@code to} in this direction: the running share of
     * octets lost times the packets {@code from} sends; 0 below {@link LinkState#LOSS_NOISE}, NaN
     * until the sender has reported {@link #WARM_UP} samples since the receiver's octets were known.
     */
    double lost(PortSummary from, PortSummary to) {
        if (from.octetsAtNs() < 0 || to.octetsAtNs() < 0) {
            return Double.NaN;
        }
        double receivedNow = to.inOctets();
        if (to.octetsAtNs() != from.octetsAtNs()) {
            if (Double.isNaN(to.inBps())) {
                return Double.NaN;
            }
            receivedNow += to.inBps() / 8 * (from.octetsAtNs() - to.octetsAtNs()) / 1e9;
        }
        if (atNs != Long.MIN_VALUE && from.octetsAtNs() > atNs) {
            double sentNow = from.outOctets() - sent;
            double lost = sentNow - (receivedNow - received);
            if (sentNow >= 0) { // a counter that went back was cleared: start over from this sample
                sentSum = DECAY * sentSum + sentNow;
                lostSum = DECAY * lostSum + lost;
                samples++;
            }
        }
        if (from.octetsAtNs() != atNs) {
            atNs = from.octetsAtNs();
            sent = from.outOctets();
            received = receivedNow;
        }
        if (samples < WARM_UP || sentSum <= 0 || Double.isNaN(from.outPktRate())) {
            return Double.NaN;
        }
        double share = lostSum / sentSum;
        return share > LinkState.LOSS_NOISE ? share * from.outPktRate() : 0;
    }
}
