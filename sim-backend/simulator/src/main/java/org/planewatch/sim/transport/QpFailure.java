package org.planewatch.sim.transport;

/**
 * A QP declared failed: its QP timer expired {@code expiries} times in a row without any progress
 * (the peer is taken for dead), so every message of it not yet completed at the receiver fails.
 *
 * @param atPs simulated time in picoseconds
 * @param host sending host
 * @param qp queue pair index
 * @param peer destination host
 * @param expiries consecutive QP timer expiries that led to the failure (the retry count)
 * @param messagesFailed messages posted and not completed when the QP failed
 */
public record QpFailure(long atPs, int host, int qp, int peer, int expiries, int messagesFailed) {

    public long atNs() {
        return atPs / 1000;
    }
}
