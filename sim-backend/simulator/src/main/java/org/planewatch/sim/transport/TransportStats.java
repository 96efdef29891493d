package org.planewatch.sim.transport;

/**
 * Run-wide message and byte counts of every NIC together, and the run's completion times. Per-QP
 * counts live on the {@link QueuePair}, per NIC port in {@link HostPlaneCounters}.
 */
final class TransportStats {
    private long messagesPosted;
    private long messagesCompleted;
    private long bytesPosted;
    private long bytesDelivered;
    private long duplicateBytes;
    private long qpTimeouts;
    private long qpFailures;
    private long messagesFailed;
    private final CompletionTimes completions;

    TransportStats(CompletionTimes completions) {
        this.completions = completions;
    }

    void messagePosted(long bytes) {
        messagesPosted++;
        bytesPosted += bytes;
    }

    void messageCompleted(long completionNs) {
        messagesCompleted++;
        completions.add(completionNs);
    }

    void delivered(long payloadBytes) {
        bytesDelivered += payloadBytes;
    }

    void duplicate(long payloadBytes) {
        duplicateBytes += payloadBytes;
    }

    void qpTimedOut() {
        qpTimeouts++;
    }

    void messagesFailed(int count) {
        messagesFailed += count;
    }

    void qpFailed() {
        qpFailures++;
    }

    long messagesPosted() {
        return messagesPosted;
    }

    long messagesCompleted() {
        return messagesCompleted;
    }

    long bytesPosted() {
        return bytesPosted;
    }

    long bytesDelivered() {
        return bytesDelivered;
    }

    long duplicateBytes() {
        return duplicateBytes;
    }

    long qpTimeouts() {
        return qpTimeouts;
    }

    long qpFailures() {
        return qpFailures;
    }

    long messagesFailed() {
        return messagesFailed;
    }

    CompletionTimes completions() {
        return completions;
    }
}
