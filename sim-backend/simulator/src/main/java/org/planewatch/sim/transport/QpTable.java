package org.planewatch.sim.transport;

import java.util.Arrays;

/** Every QP of the run by id (ids are dense, in the order the QPs were opened). */
final class QpTable {
    private QueuePair[] qps = new QueuePair[16];
    private int count;

    int count() {
        return count;
    }

    /** The id the next QP added gets. */
    int nextId() {
        return count;
    }

    QueuePair get(int id) {
        return qps[id];
    }

    void add(QueuePair qp) {
        if (qp.id != count) {
            throw new IllegalArgumentException("QP " + qp.id + " added out of order: the next id is " + count);
        }
        if (count == qps.length) {
            qps = Arrays.copyOf(qps, count * 2);
        }
        qps[count++] = qp;
    }
}
