package org.planewatch.sim.workload;

/**
 * A collective whose round is one message of the same size on each of its QPs (permutation,
 * incast): subclasses only choose which QPs to open.
 */
abstract class OneMessagePerQp implements Collective {
    private final long bytes;
    private int[] qps;
    private int done;

    OneMessagePerQp(long bytes) {
        this.bytes = bytes;
    }

    /** Opens the QPs of the collective, in a fixed order (the same order posts them every round). */
    abstract int[] openQps(Traffic traffic);

    @Override
    public final void open(Traffic traffic) {
        qps = openQps(traffic);
    }

    @Override
    public final void beginRound(Traffic traffic) {
        done = 0;
        for (int qp : qps) {
            traffic.post(qp, bytes);
        }
    }

    @Override
    public final boolean completed(Traffic traffic, int qp, int message) {
        return ++done == qps.length;
    }

    @Override
    public final long messagesPerRound() {
        return qps == null ? senders() : qps.length;
    }

    @Override
    public final long bytesPerRound() {
        return messagesPerRound() * bytes;
    }

    /** How many QPs {@link #openQps} will open (asked before opening). */
    abstract int senders();
}
