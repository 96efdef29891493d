package org.planewatch.collector.publish;

import java.util.concurrent.CompletableFuture;

/** Where exclusion decisions go (the exclusions topic, in the share's own partition). */
public interface ExclusionSink {
    /** Publishes {@code decision} into share {@code share}; completes when it is durably stored. */
    CompletableFuture<Void> publish(ExclusionDecision decision, int share);

    /** Waits until everything handed on so far is stored or failed (before a share is handed over). */
    void flush();
}
