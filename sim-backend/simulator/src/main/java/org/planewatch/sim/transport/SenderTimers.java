package org.planewatch.sim.transport;

import java.util.function.Consumer;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;

/**
 * The two timers of a QP's sender, kept as one pending event at the earlier deadline: the per-EV
 * loss timer (the oldest outstanding transmission is lost; its EV is retired) and the QP timer (no
 * progress at all: resend everything, and after the retry count declare the peer dead).
 */
final class SenderTimers {
    private static final int MAX_ECMP_BACKOFF = 20;

    private final Engine engine;
    private final TransportConfig config;
    private final MrcSender sender;
    private final TransportStats stats;
    private final boolean ecmp;
    private final long qpTimeoutPs;
    private final long fabricBaseRttPs;
    private final long queueDrainPs;
    private Consumer<QpFailure> failureListener = failure -> {};

    /**
     * @param fabricBaseRttPs base RTT of the fabric's longest path
     * @param queueDrainPs time a full data queue takes to drain
     */
    SenderTimers(
            Engine engine,
            TransportConfig config,
            MrcSender sender,
            TransportStats stats,
            boolean ecmp,
            long fabricBaseRttPs,
            long queueDrainPs) {
        this.engine = engine;
        this.config = config;
        this.sender = sender;
        this.stats = stats;
        this.ecmp = ecmp;
        this.qpTimeoutPs = Math.round(1_024_000.0 * Math.pow(2, config.qpTimerExponent()));
        this.fabricBaseRttPs = fabricBaseRttPs;
        this.queueDrainPs = queueDrainPs;
    }

    void onQpFailure(Consumer<QpFailure> listener) {
        this.failureListener = listener;
    }

    /**
     * The per-EV loss timer: {@code evLossTimerRtts} round trips, where a round trip is the
     * fabric's base RTT (its longest path, as in UEC's network-wide base_rtt) or the QP's smoothed
     * or latest RTT when queues make them longer, plus the drain time of one full data queue: a
     * packet may sit behind a full queue (an incast) before any RTT sample shows it, and a deep but
     * bounded queue must not be taken for a dead path.
     */
    private long lossTimeoutPs(QueuePair qp) {
        long rtt = Math.max(fabricBaseRttPs, Math.max(qp.srttPs, qp.lastRttPs));
        long timeout = (long) (config.evLossTimerRtts() * rtt) + queueDrainPs;
        return ecmp ? Math.min(timeout << qp.backoff, qpTimeoutPs) : timeout;
    }

    /** Schedules the QP's timer for its earlier deadline, unless one at least as early is pending. */
    void arm(QueuePair qp) {
        qp.ringTrim();
        if (qp.ringSize == 0) {
            return;
        }
        long now = engine.now();
        long sent = qp.psnSentAt[qp.slot(qp.ringPsn[qp.ringHead])];
        long deadline =
                Math.min((sent == QueuePair.NOT_SENT ? now : sent) + lossTimeoutPs(qp), qp.lastProgress + qpTimeoutPs);
        deadline = Math.max(deadline, now);
        if (deadline < qp.timerAt) {
            qp.timerAt = deadline;
            engine.schedule(deadline, EventKind.QP_TIMER, qp.id, 0);
        }
    }

    void onTimer(QueuePair qp) {
        long now = engine.now();
        if (now != qp.timerAt) {
            return;
        }
        qp.timerAt = Long.MAX_VALUE;
        long timeout = lossTimeoutPs(qp);
        boolean expired = false;
        while (true) {
            qp.ringTrim();
            if (qp.ringSize == 0) {
                break;
            }
            int psn = qp.ringPsn[qp.ringHead];
            long sent = qp.psnSentAt[qp.slot(psn)];
            if (sent == QueuePair.NOT_SENT || sent + timeout > now) {
                break;
            }
            qp.ringPop();
            expired = true;
            sender.retransmitLost(qp, psn, ExclusionReason.LOSS_TIMER, HostPlaneCounter.RETRANSMITS_TIMEOUT);
        }
        if (expired && ecmp) {
            qp.backoff = Math.min(qp.backoff + 1, MAX_ECMP_BACKOFF);
        }
        if (qp.ringSize > 0 && now - qp.lastProgress >= qpTimeoutPs) {
            // QP timer: no progress for 1.024 us * 2^t; resend everything outstanding. At the
            // retry count of expiries in a row the peer is declared dead and the QP fails.
            qp.timeouts++;
            stats.qpTimedOut();
            if (++qp.expiriesWithoutProgress >= config.qpRetryCount()) {
                fail(qp, now);
                return;
            }
            for (int outstanding = qp.ringSize; outstanding > 0; outstanding--) {
                int psn = qp.ringPsn[qp.ringHead];
                boolean valid = qp.psnState[qp.slot(psn)] == QueuePair.PSN_IN_FLIGHT
                        && qp.psnSeq[qp.slot(psn)] == qp.ringSeq[qp.ringHead];
                qp.ringPop();
                if (valid) {
                    sender.retransmitLost(qp, psn, null, HostPlaneCounter.RETRANSMITS_TIMEOUT);
                }
            }
            qp.lastProgress = now;
        }
        sender.trySend(qp);
        arm(qp);
    }

    /**
     * The peer is dead: the QP stops sending, forgets what is outstanding, and every message not
     * completed at the receiver fails. Recoverable faults never get here: any acknowledged byte
     * resets the count of expiries.
     */
    private void fail(QueuePair qp, long now) {
        qp.failed = true;
        qp.timerAt = Long.MAX_VALUE;
        qp.ringSize = 0;
        qp.rtxSize = 0;
        qp.inflight = 0;
        int failedNow = qp.messages - qp.rcvMessagesDone;
        qp.messagesFailed += failedNow;
        stats.messagesFailed(failedNow);
        stats.qpFailed();
        failureListener.accept(new QpFailure(now, qp.src, qp.id, qp.dst, qp.expiriesWithoutProgress, failedNow));
    }
}
