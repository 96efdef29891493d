package org.planewatch.sim.transport;

import java.util.Arrays;

/**
 * One connection from {@code src} to {@code dst}: the sender's EV set, PSN state and window, and
 * the receiver's PSN bitmap. All state is primitive fields and arrays; the behaviour is in the
 * transport's parts ({@link MrcSender}, {@link AckProcessor}, {@link SenderTimers},
 * {@link MrcReceiver}, {@link EvExclusion}). The arrays grow only when a message is posted, never
 * per packet.
 *
 * <p>Per-PSN and per-message state is kept in rings over the live window only, so a QP that posts
 * for hours holds what is outstanding, not what it ever sent: the sender keeps PSNs from its
 * cumulative ACK point {@code sndCum} up to {@code posted} (everything below is acknowledged), the
 * receiver its bitmap from {@code rcvCum} (everything below has arrived), and messages from the
 * first not completed at the receiver. PSN {@code psn} lives in slot {@code psn & psnMask}.
 */
final class QueuePair {
    /** {@code EvState.values()} copies the array on every call; telemetry reads every EV's state. */
    private static final EvState[] EV_STATES = EvState.values();

    static final byte PSN_NEW = 0;
    static final byte PSN_IN_FLIGHT = 1;
    static final byte PSN_ACKED = 2;
    /** Lost or trimmed, waiting in the retransmission queue. */
    static final byte PSN_LOST = 3;

    static final long NOT_SENT = Long.MAX_VALUE / 4;
    /** Messages whose completion times the QP's percentiles cover. */
    static final int COMPLETION_WINDOW = 1024;

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
    int psnMask = 15;
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
    int msgMask = 3;
    /** Completion times (ns) of the last messages completed, a ring of at most {@link #COMPLETION_WINDOW}. */
    long[] recentCompletionNs = new long[4];

    // ---- receiver
    /** Words of the PSN bitmap from word {@code rcvCum >>> 6} on; word {@code word} in slot {@code word & rcvMask}. */
    long[] rcvBits = new long[2];

    int rcvMask = 1;
    int rcvCum;
    int rcvSinceAck;
    boolean ackNextData;
    int rcvMessagesDone;
    long bytesDelivered;
    long duplicateBytes;
    /** Data packets sent on any EV, retransmissions included (the sum of {@code evSent}, kept as it grows). */
    long packetsSent;
    /** Packets sent again after a trim NACK, a SACK gap or a loss timer. */
    long retransmits;

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
        return EV_STATES[evState[ev]];
    }

    void ensureProbeState() {
        if (probeAt == null) {
            probeAt = new long[evCount];
            probeBackoff = new long[evCount];
            probeOutstanding = new boolean[evCount];
        }
    }

    /** Slot of PSN {@code psn} in the per-PSN arrays (valid for {@code sndCum <= psn < posted}). */
    int slot(int psn) {
        return psn & psnMask;
    }

    /** Slot of message {@code message} (valid from the first message not completed up to {@code messages}). */
    int msgSlot(int message) {
        return message & msgMask;
    }

    /** Appends a message of {@code bytes} as PSNs of at most {@code mtu} payload bytes. */
    void post(long bytes, int mtu, long nowPs) {
        int packets = (int) ((bytes + mtu - 1) / mtu);
        int end = posted + packets;
        if (end - sndCum > psnState.length) {
            growPsnWindow(end - sndCum);
        }
        reserveReceiveWords(end);
        long left = bytes;
        for (int psn = posted; psn < end; psn++) {
            int size = (int) Math.min(mtu, left);
            psnBytes[slot(psn)] = size;
            left -= size;
        }
        posted = end;
        if (messages - rcvMessagesDone == msgEnd.length) {
            growMessages();
        }
        int slot = msgSlot(messages);
        msgEnd[slot] = end;
        msgBytes[slot] = bytes;
        msgPostedPs[slot] = nowPs;
        messages++;
    }

    private void growPsnWindow(int needed) {
        int capacity = Integer.highestOneBit(Math.max(needed, psnState.length * 2) - 1) << 1;
        int mask = capacity - 1;
        byte[] state = new byte[capacity];
        int[] bytes = new int[capacity];
        int[] seq = new int[capacity];
        short[] ev = new short[capacity];
        long[] sentAt = new long[capacity];
        for (int psn = sndCum; psn < posted; psn++) {
            int from = slot(psn);
            int to = psn & mask;
            state[to] = psnState[from];
            bytes[to] = psnBytes[from];
            seq[to] = psnSeq[from];
            ev[to] = psnEv[from];
            sentAt[to] = psnSentAt[from];
        }
        psnState = state;
        psnBytes = bytes;
        psnSeq = seq;
        psnEv = ev;
        psnSentAt = sentAt;
        psnMask = mask;
    }

    /** Makes room in the receive bitmap for PSNs up to {@code end - 1}; the words they enter start clear. */
    private void reserveReceiveWords(int end) {
        int lowWord = rcvCum >>> 6;
        int lastWord = (end - 1) >>> 6;
        int firstNewWord = posted == 0 ? 0 : ((posted - 1) >>> 6) + 1;
        if (lastWord - lowWord + 1 > rcvBits.length) {
            int capacity = Integer.highestOneBit(Math.max(lastWord - lowWord + 1, rcvBits.length * 2) - 1) << 1;
            long[] bits = new long[capacity];
            for (int word = lowWord; word < firstNewWord; word++) {
                bits[word & (capacity - 1)] = rcvBits[word & rcvMask];
            }
            rcvBits = bits;
            rcvMask = capacity - 1;
        }
        for (int word = Math.max(firstNewWord, lowWord); word <= lastWord; word++) {
            rcvBits[word & rcvMask] = 0;
        }
    }

    private void growMessages() {
        int capacity = msgEnd.length * 2;
        int mask = capacity - 1;
        int[] endPsn = new int[capacity];
        long[] bytes = new long[capacity];
        long[] postedPs = new long[capacity];
        for (int message = rcvMessagesDone; message < messages; message++) {
            endPsn[message & mask] = msgEnd[msgSlot(message)];
            bytes[message & mask] = msgBytes[msgSlot(message)];
            postedPs[message & mask] = msgPostedPs[msgSlot(message)];
        }
        msgEnd = endPsn;
        msgBytes = bytes;
        msgPostedPs = postedPs;
        msgMask = mask;
    }

    /** Records the completion time of message {@code rcvMessagesDone - 1} for the percentiles. */
    void recordCompletion(long completionNs) {
        int message = rcvMessagesDone - 1;
        if (message >= recentCompletionNs.length && recentCompletionNs.length < COMPLETION_WINDOW) {
            recentCompletionNs = Arrays.copyOf(recentCompletionNs, recentCompletionNs.length * 2);
        }
        recentCompletionNs[message & (recentCompletionNs.length - 1)] = completionNs;
    }

    /**
     * Slots the per-PSN, receive-bitmap and per-message state holds: what would grow with traffic.
     * The completion-time ring is left out: it fills up to its fixed {@link #COMPLETION_WINDOW}.
     */
    long stateSlots() {
        return psnState.length + 64L * rcvBits.length + msgEnd.length + ringPsn.length + rtx.length;
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
        psnState[slot(psn)] = PSN_LOST;
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
            if (psnState[slot(psn)] == PSN_IN_FLIGHT && psnSeq[slot(psn)] == ringSeq[ringHead]) {
                return;
            }
            ringPop();
        }
    }

    // ---- receiver bitmap

    /** Whether PSN {@code psn} (below {@code posted}) has arrived: everything below {@code rcvCum} has. */
    boolean received(int psn) {
        return psn < rcvCum || (rcvBits[(psn >>> 6) & rcvMask] & (1L << psn)) != 0;
    }

    void markReceived(int psn) {
        rcvBits[(psn >>> 6) & rcvMask] |= 1L << psn;
    }

    /** Receive bits of PSNs {@code psn-63 .. psn}: bit {@code j} is PSN {@code psn - 63 + j}. */
    long receivedWindow(int psn) {
        return receivedFrom(psn - 63);
    }

    /** Receive bits of PSNs {@code first .. first+63}: bit {@code j} is PSN {@code first + j}; none below PSN 0. */
    long receivedFrom(int first) {
        if (first < 0) {
            return receivedFrom(0) << -first;
        }
        int word = first >>> 6;
        int shift = first & 63;
        long value = receiveWord(word) >>> shift;
        if (shift != 0) {
            value |= receiveWord(word + 1) << (64 - shift);
        }
        return value;
    }

    /** Word {@code word} of the bitmap: all set below the receiver's window, clear past what is posted. */
    private long receiveWord(int word) {
        if (word < (rcvCum >>> 6)) {
            return -1L;
        }
        if (posted == 0 || word > ((posted - 1) >>> 6)) {
            return 0;
        }
        return rcvBits[word & rcvMask];
    }

    /** Completion times (ns) of the last {@value #COMPLETION_WINDOW} completed messages, sorted, into {@code scratch}; returns the count. */
    int completionTimesNs(long[] scratch) {
        int count = Math.min(Math.min(rcvMessagesDone, recentCompletionNs.length), scratch.length);
        System.arraycopy(recentCompletionNs, 0, scratch, 0, count);
        Arrays.sort(scratch, 0, count);
        return count;
    }
}
