package org.planewatch.console.state;

import java.util.HashMap;
import java.util.Map;
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

    /** Per link direction: the sender's last sample, the receiver's counter then, and the running sums. */
    private static final class Direction {
        long atNs;
        long sent;
        double received;
        double sentSum;
        double lostSum;
        int samples;
    }

    private final Map<String, Direction> directions = new HashMap<>();

    /**
     * Packets per second lost from {@code from} to {@code to} on link {@code link}: the running share
     * of octets lost times the packets {@code from} sends; 0 below {@link LinkState#LOSS_NOISE}, NaN
     * until the sender has reported {@link #WARM_UP} samples since the receiver's octets were known.
     */
    double lost(String link, String fromDevice, PortSummary from, PortSummary to) {
        if (from.octetsAtNs() < 0 || to.octetsAtNs() < 0) {
            return Double.NaN;
        }
        double received = to.inOctets();
        if (to.octetsAtNs() != from.octetsAtNs()) {
            if (Double.isNaN(to.inBps())) {
                return Double.NaN;
            }
            received += to.inBps() / 8 * (from.octetsAtNs() - to.octetsAtNs()) / 1e9;
        }
        Direction d = directions.get(link + '|' + fromDevice);
        if (d == null) {
            d = new Direction();
            d.atNs = Long.MIN_VALUE;
            directions.put(link + '|' + fromDevice, d);
        } else if (from.octetsAtNs() > d.atNs) {
            double sent = from.outOctets() - d.sent;
            double lost = sent - (received - d.received);
            if (sent >= 0) { // a counter that went back was cleared: start over from this sample
                d.sentSum = DECAY * d.sentSum + sent;
                d.lostSum = DECAY * d.lostSum + lost;
                d.samples++;
            }
        }
        if (from.octetsAtNs() != d.atNs) {
            d.atNs = from.octetsAtNs();
            d.sent = from.outOctets();
            d.received = received;
        }
        if (d.samples < WARM_UP || d.sentSum <= 0 || Double.isNaN(from.outPktRate())) {
            return Double.NaN;
        }
        double share = d.lostSum / d.sentSum;
        return share > LinkState.LOSS_NOISE ? share * from.outPktRate() : 0;
    }
}
