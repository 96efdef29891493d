package org.planewatch.sim.transport;

import java.util.Arrays;

/**
 * One connection from {@code src} to {@code dst}: the sender's EV set, PSN state and window, and
 * the receiver's PSN bitmap. All state is primitive fields and arrays owned by {@link Transport},
 * which holds the behaviour; the arrays grow only when a message is posted, never per packet.
 */
final class QueuePair {
    static final byte PSN_NEW = 0;
    static final byte PSN_IN_FLIGHT = 1;
    static final byte PSN_ACKED = 2;
    /** Lost or trimmed, waiting in the retransmission queue. */
    static final byte PSN_LOST = 3;
    static final long NOT_SENT = Long.MAX_VALUE / 4;

    final int id;
    final int src;
    final int dst;
    final long baseRttPs;
    final long maxCwnd;
    long rng;

    // ---- entropy values
    final int evCount;
    final int[] evPlane;
    final int[] evT1;
    final byte[] evState;
    final byte[] evPenalty;
    final long[] evSince;
    final int[] evSent;
    final int[] evEcn;
    final int[] evTrims;
    final int[] evLosses;
    final int[] evAckedSeq;
    final int[] sprayOrder;
    /** GOOD EVs per plane. */
    final int[] goodPerPlane;
    long[] probeAt;
    long[] probeBackoff;
    boolean[] probeOutstanding;
    int sprayCursor;
    int outOfService;
    boolean guardAlarm;

    // ---- sender
    int posted;
    int nextNew;
    int sndCum;
    byte[] psnState = new byte[16];
    int[] psnBytes = new int[16];
    int[] psnSeq = new int[16];
    short[] psnEv = new short[16];
    long[] psnSentAt = new long[16];
    int txSeq;
    int highestAckedSeq;
    int[] ringPsn = new int[64];
    int[] ringSeq = new int[64];
    int ringHead;
    int ringSize;
    int[] rtx = new int[16];
    int rtxHead;
    int rtxSize;
    long inflight;
    double cwnd;
    long timerAt = Long.MAX_VALUE;
    long lastProgress;
    int timeouts;
    /** QP timer expiries since the last acknowledged byte; at the retry count the QP fails. */
    int expiriesWithoutProgress;
    /** Declared failed (peer dead): nothing is sent or accepted on it any more. */
    boolean failed;
    int messagesFailed;
    int backoff;
    long srttPs;
    long lastRttPs;
    long minRttPs = Long.MAX_VALUE;
    long lastDecreasePs = Long.MIN_VALUE / 2;
    long lastQuickAdaptPs = Long.MIN_VALUE / 2;
    long ackWindowStart;
    long ackedThisWindow;
    long ackedLastWindow;
    long bytesToIgnore;

    // ---- messages (sequential on the QP, contiguous PSN ranges)
    int messages;
    int[] msgEnd = new int[4];
    long[] msgBytes = new long[4];
    long[] msgPostedPs = new long[4];
    long[] msgDonePs = new long[4];

    // ---- receiver
    long[] rcvBits = new long[1];
    int rcvCum;
    int rcvSinceAck;
    boolean ackNextData;
    int rcvMessagesDone;
    long bytesDelivered;
    long duplicateBytes;

    QueuePair(int id, int src, int dst, int evCount, int planes, long baseRttPs, long maxCwnd, long rngSeed) {
        this.id = id;
        this.src = src;
        this.dst = dst;
        this.evCount = evCount;
        this.baseRttPs = baseRttPs;
        this.maxCwnd = maxCwnd;
        this.cwnd = maxCwnd;
        this.rng = rngSeed;
        evPlane = new int[evCount];
        evT1 = new int[evCount];
        evState = new byte[evCount];
        evPenalty = new byte[evCount];
        evSince = new long[evCount];
        evSent = new int[evCount];
        evEcn = new int[evCount];
        evTrims = new int[evCount];
        evLosses = new int[evCount];
        evAckedSeq = new int[evCount];
        sprayOrder = new int[evCount];
        goodPerPlane = new int[planes];
    }

    EvState state(int ev) {
        return EvState.values()[evState[ev]];
    }

    void ensureProbeState() {
        if (probeAt == null) {
            probeAt = new long[evCount];
            probeBackoff = new long[evCount];
            probeOutstanding = new boolean[evCount];
        }
    }

    /** Appends a message of {@code bytes} as PSNs of at most {@code mtu} payload bytes. */
    void post(long bytes, int mtu, long nowPs) {
        int packets = (int) ((bytes + mtu - 1) / mtu);
        int end = posted + packets;
        if (end > psnState.length) {
            int capacity = Math.max(end, psnState.length * 2);
            psnState = Arrays.copyOf(psnState, capacity);
            psnBytes = Arrays.copyOf(psnBytes, capacity);
            psnSeq = Arrays.copyOf(psnSeq, capacity);
            psnEv = Arrays.copyOf(psnEv, capacity);
            psnSentAt = Arrays.copyOf(psnSentAt, capacity);
        }
        if ((end >> 6) + 2 > rcvBits.length) {
            rcvBits = Arrays.copyOf(rcvBits, Math.max((end >> 6) + 2, rcvBits.length * 2));
        }
        long left = bytes;
        for (int psn = posted; psn < end; psn++) {
            int size = (int) Math.min(mtu, left);
            psnBytes[psn] = size;
            left -= size;
        }
        posted = end;
        if (messages == msgEnd.length) {
            int capacity = messages * 2;
            msgEnd = Arrays.copyOf(msgEnd, capacity);
            msgBytes = Arrays.copyOf(msgBytes, capacity);
            msgPostedPs = Arrays.copyOf(msgPostedPs, capacity);
            msgDonePs = Arrays.copyOf(msgDonePs, capacity);
        }
        msgEnd[messages] = end;
        msgBytes[messages] = bytes;
        msgPostedPs[messages] = nowPs;
        messages++;
    }

    // ---- transmission ring: outstanding transmissions in send order (loss detection)

    void ringPush(int psn, int seq) {
        if (ringSize == ringPsn.length) {
            int[] newPsn = new int[ringPsn.length * 2];
            int[] newSeq = new int[ringPsn.length * 2];
            for (int k = 0; k < ringSize; k++) {
                int from = (ringHead + k) & (ringPsn.length - 1);
                newPsn[k] = ringPsn[from];
                newSeq[k] = ringSeq[from];
            }
            ringPsn = newPsn;
            ringSeq = newSeq;
            ringHead = 0;
        }
        int at = (ringHead + ringSize) & (ringPsn.length - 1);
        ringPsn[at] = psn;
        ringSeq[at] = seq;
        ringSize++;
    }

    void ringPop() {
        ringHead = (ringHead + 1) & (ringPsn.length - 1);
        ringSize--;
    }

    // ---- retransmission queue (FIFO of lost or trimmed PSNs)

    void queueRetransmit(int psn) {
        psnState[psn] = PSN_LOST;
        if (rtxSize == rtx.length) {
            int[] grown = new int[rtx.length * 2];
            for (int k = 0; k < rtxSize; k++) {
                grown[k] = rtx[(rtxHead + k) & (rtx.length - 1)];
            }
            rtx = grown;
            rtxHead = 0;
        }
        rtx[(rtxHead + rtxSize) & (rtx.length - 1)] = psn;
        rtxSize++;
    }

    int rtxPeek() {
        return rtx[rtxHead];
    }

    void rtxPop() {
        rtxHead = (rtxHead + 1) & (rtx.length - 1);
        rtxSize--;
    }

    /** Drops stale ring entries (acknowledged or superseded by a retransmission) from the head. */
    void ringTrim() {
        while (ringSize > 0) {
            int psn = ringPsn[ringHead];
            if (psnState[psn] == PSN_IN_FLIGHT && psnSeq[psn] == ringSeq[ringHead]) {
                return;
            }
            ringPop();
        }
    }

    // ---- receiver bitmap

    boolean received(int psn) {
        return (rcvBits[psn >>> 6] & (1L << psn)) != 0;
    }

    void markReceived(int psn) {
        rcvBits[psn >>> 6] |= 1L << psn;
    }

    /** Receive bits of PSNs {@code psn-63 .. psn}: bit {@code j} is PSN {@code psn - 63 + j}. */
    long receivedWindow(int psn) {
        return receivedFrom(psn - 63);
    }

    /** Receive bits of PSNs {@code lo .. lo+63}: bit {@code j} is PSN {@code lo + j}. */
    long receivedFrom(int lo) {
        if (lo < 0) {
            return rcvBits[0] << -lo;
        }
        int word = lo >>> 6;
        if (word >= rcvBits.length) {
            return 0;
        }
        int shift = lo & 63;
        long value = rcvBits[word] >>> shift;
        if (shift != 0 && word + 1 < rcvBits.length) {
            value |= rcvBits[word + 1] << (64 - shift);
        }
        return value;
    }

    /** Completion times (ns) of completed messages, sorted, into {@code scratch}; returns the count. */
    int completionTimesNs(long[] scratch) {
        int n = Math.min(rcvMessagesDone, scratch.length);
        for (int m = 0; m < n; m++) {
            scratch[m] = (msgDonePs[m] - msgPostedPs[m]) / 1000;
        }
        Arrays.sort(scratch, 0, n);
        return n;
    }
}
