package org.planewatch.console.state;

import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.PortSummary;

/**
 * Packets lost between the two ends of each link direction: what one end's {@code out-octets} grew
 * by that the other end's {@code in-octets} did not, over the sender's samples, older samples
 * weighing less. The receiver's counter is taken at the sender's sample time, once the receiver has
 * reported at or after it (exact when both report at the same instant, else moved back along the
 * receiver's rate). What is on the wire when the ends are sampled (a
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
     * until the sender has reported {@link #WARM_UP} samples since the receiver's octets were known;
     * the share of the samples taken so far while the receiver has not reported the sender's latest.
     */
    double lost(PortSummary from, PortSummary to) {
        if (from.octetsAtNs() < 0 || to.octetsAtNs() < 0) {
            return Double.NaN;
        }
        // A new sample of the sender is taken once the receiver's counter is known at or after its
        // instant. Moved forward along the receiver's rate of the interval before, it was a guess that
        // stayed the baseline of the next sample when the receiver's own sample came: the console
        // publishes between the two ends' notifications, and a simulated switch's traffic comes in
        // bursts over uneven intervals, so healthy links showed thousands of packets lost (ADR 0114).
        if (from.octetsAtNs() > atNs && to.octetsAtNs() >= from.octetsAtNs()) {
            double receivedThen = to.inOctets();
            if (to.octetsAtNs() != from.octetsAtNs()) {
                if (Double.isNaN(to.inBps())) {
                    return Double.NaN;
                }
                // the receiver sampled after the sender: back along the rate of its last interval
                receivedThen -= to.inBps() / 8 * (to.octetsAtNs() - from.octetsAtNs()) / 1e9;
            }
            if (atNs != Long.MIN_VALUE) {
                double sentNow = from.outOctets() - sent;
                double lost = sentNow - (receivedThen - received);
                if (sentNow >= 0) { // a counter that went back was cleared: start over from this sample
                    sentSum = DECAY * sentSum + sentNow;
                    lostSum = DECAY * lostSum + lost;
                    samples++;
                }
            }
            atNs = from.octetsAtNs();
            sent = from.outOctets();
            received = receivedThen;
        }
        if (samples < WARM_UP || sentSum <= 0 || Double.isNaN(from.outPktRate())) {
            return Double.NaN;
        }
        double share = lostSum / sentSum;
        return share > LinkState.LOSS_NOISE ? share * from.outPktRate() : 0;
    }
}
