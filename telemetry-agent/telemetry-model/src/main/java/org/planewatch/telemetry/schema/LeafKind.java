package org.planewatch.telemetry.schema;

/** What a leaf measures; decides how a TARGET_DEFINED subscription streams it. */
public enum LeafKind {
    /** Monotonic count since the last clear; sampled. */
    COUNTER(true),
    /** A level that goes up and down (queue depth, window); sampled. */
    GAUGE(true),
    /** An operational state or attribute; sent when it changes. */
    STATE(false),
    /** A field of an exclusion event in the event ring; sent when the event is recorded. */
    EVENT(false),
    /** A writable configuration leaf (fault injection, clock control); sent when it changes. */
    CONFIG(false);

    private final boolean sampled;

    LeafKind(boolean sampled) {
        this.sampled = sampled;
    }

    /** True when a TARGET_DEFINED subscription samples this leaf, false when it streams changes. */
    public boolean sampledWhenTargetDefined() {
        return sampled;
    }
}
