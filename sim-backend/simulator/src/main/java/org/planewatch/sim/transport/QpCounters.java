package org.planewatch.sim.transport;

/** Reads the {@link QpCounter}s and {@link EvCounter}s of a QP (for telemetry; the QP is not changed). */
final class QpCounters {
    private QpCounters() {}

    static long ev(QueuePair qp, int ev, EvCounter which, long nowPs) {
        return switch (which) {
            case STATE -> qp.evState[ev];
            case TIME_IN_STATE_NS -> (nowPs - qp.evSince[ev]) / 1000;
            case STATE_SINCE_NS -> qp.evSince[ev] / 1000;
            case PACKETS_SENT -> qp.evSent[ev];
            case ECN_MARKS -> qp.evEcn[ev];
            case TRIMS -> qp.evTrims[ev];
            case LOSSES -> qp.evLosses[ev];
            case PENALTY -> qp.evPenalty[ev];
        };
    }

    /** Completion percentiles sort into {@code scratch}: size it to {@link QueuePair#COMPLETION_WINDOW} or the QP's messages. */
    static long qp(QueuePair qp, QpCounter which, long[] scratch) {
        return switch (which) {
            case CWND_BYTES -> (long) qp.cwnd;
            case BYTES_IN_FLIGHT -> qp.inflight;
            case SMOOTHED_RTT_NS -> qp.srttPs / 1000;
            case MIN_RTT_NS -> qp.minRttPs == Long.MAX_VALUE ? 0 : qp.minRttPs / 1000;
            case MESSAGES_POSTED -> qp.messages;
            case MESSAGES_COMPLETED -> qp.rcvMessagesDone;
            case BYTES_DELIVERED -> qp.bytesDelivered;
            case DUPLICATE_BYTES -> qp.duplicateBytes;
            case QP_TIMEOUTS -> qp.timeouts;
            case PACKETS_SENT -> qp.packetsSent;
            case RETRANSMITS -> qp.retransmits;
            case FAILED -> qp.failed ? 1 : 0;
            case MESSAGES_FAILED -> qp.messagesFailed;
            case COMPLETION_P50_NS, COMPLETION_P99_NS, COMPLETION_MAX_NS -> {
                int count = qp.completionTimesNs(scratch);
                if (count == 0) {
                    yield 0;
                }
                double quantile =
                        which == QpCounter.COMPLETION_P50_NS ? 0.5 : which == QpCounter.COMPLETION_P99_NS ? 0.99 : 1.0;
                yield scratch[Math.min(count - 1, (int) Math.ceil(quantile * count) - 1)];
            }
        };
    }
}
