package org.planewatch.agent.gnmi;

import java.util.concurrent.ConcurrentHashMap;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LeafKind;
import org.planewatch.telemetry.schema.TelemetrySchema;

/**
 * One validated subscription of a SubscriptionList, with a memo of its per-path answers (asked for
 * every leaf at every sample). Immutable apart from the memo.
 */
final class SubscriptionSpec {

    private final PathPattern pattern;
    private final SubscriptionMode mode;
    private final long sampleIntervalNs;
    private final boolean suppressRedundant;
    private final long heartbeatIntervalNs;
    private final ConcurrentHashMap<TelemetryPath, Byte> memo = new ConcurrentHashMap<>();
    /** Per layout, the indexes a sampling sweep sends, and those a heartbeat sweep sends. */
    private final ConcurrentHashMap<LeafLayout, int[]> sampledByLayout = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<LeafLayout, int[]> heartbeatByLayout = new ConcurrentHashMap<>();
    /** Layouts remembered; past this the caches start over (a host's layout changes with its event ring). */
    private static final int LAYOUT_LIMIT = 1 << 14;

    /**
     * @param pattern prefix + path, wildcards kept
     * @param mode STREAM sub-mode (TARGET_DEFINED for ONCE and POLL, where it does not matter)
     * @param sampleIntervalNs sampling period of the sampled leaves
     * @param suppressRedundant send a sampled leaf only when its value changed (or a heartbeat is due)
     * @param heartbeatIntervalNs 0, or the longest time a selected leaf may go unsent
     */
    SubscriptionSpec(PathPattern pattern, SubscriptionMode mode, long sampleIntervalNs, boolean suppressRedundant,
            long heartbeatIntervalNs) {
        this.pattern = pattern;
        this.mode = mode;
        this.sampleIntervalNs = sampleIntervalNs;
        this.suppressRedundant = suppressRedundant;
        this.heartbeatIntervalNs = heartbeatIntervalNs;
    }

    PathPattern pattern() {
        return pattern;
    }

    SubscriptionMode mode() {
        return mode;
    }

    long sampleIntervalNs() {
        return sampleIntervalNs;
    }

    boolean suppressRedundant() {
        return suppressRedundant;
    }

    long heartbeatIntervalNs() {
        return heartbeatIntervalNs;
    }

    /** Whether sweeps need the last value sent per leaf (suppress_redundant, heartbeats). */
    boolean remembers() {
        return suppressRedundant || heartbeatIntervalNs > 0;
    }

    @Override
    public String toString() {
        return pattern + " " + mode + (mode == SubscriptionMode.SAMPLE ? " every " + sampleIntervalNs + " ns" : "");
    }

    /** Whether this subscription samples {@code leaf} periodically; otherwise it streams its changes. */
    boolean samples(TelemetryPath leaf) {
        return (decision(leaf) & SAMPLES) != 0;
    }

    boolean selects(TelemetryPath leaf) {
        return (decision(leaf) & SELECTS) != 0;
    }

    /** Whether a sampling ({@code sampled}) or heartbeat sweep sends {@code leaf}: one memo lookup for both questions. */
    boolean sweeps(TelemetryPath leaf, boolean sampled) {
        byte d = decision(leaf);
        return (d & SELECTS) != 0 && ((d & SAMPLES) != 0) == sampled;
    }

    /** The indexes of {@code layout} that {@link #sweeps} a sampling ({@code sampled}) or heartbeat sweep; cached per layout. */
    int[] sweepSelection(LeafLayout layout, boolean sampled) {
        ConcurrentHashMap<LeafLayout, int[]> cache = sampled ? sampledByLayout : heartbeatByLayout;
        int[] known = cache.get(layout);
        if (known != null) {
            return known;
        }
        int[] selected = java.util.stream.IntStream.range(0, layout.size())
                .filter(i -> sweeps(layout.path(i), sampled)).toArray();
        if (cache.size() >= LAYOUT_LIMIT) {
            cache.clear();
        }
        cache.put(layout, selected);
        return selected;
    }

    private static final byte SELECTS = 1;
    private static final byte SAMPLES = 2;
    /** Paths remembered per subscription; past this the memo starts over (event paths keep coming). */
    private static final int MEMO_LIMIT = 1 << 21;

    /** Both answers for a path, computed once: they are asked for every leaf at every sample. */
    private byte decision(TelemetryPath leaf) {
        if (!pattern.path().origin().equals(leaf.origin())) {
            return 0; // the cheapest test first: most leaves of a multi-origin subscription fail here
        }
        Byte known = memo.get(leaf);
        if (known != null) {
            return known;
        }
        byte d = (byte) ((computeSelects(leaf) ? SELECTS : 0) | (computeSamples(leaf) ? SAMPLES : 0));
        if (memo.size() >= MEMO_LIMIT) {
            memo.clear();
        }
        memo.put(leaf, d);
        return d;
    }

    private boolean computeSamples(TelemetryPath leaf) {
        return switch (mode) {
            case SAMPLE -> true;
            case ON_CHANGE -> false;
            default -> TelemetrySchema.get().find(leaf).map(d -> d.kind().sampledWhenTargetDefined())
                    .orElse(LeafKind.STATE.sampledWhenTargetDefined());
        };
    }

    boolean hasSampledLeaves() {
        return mode != SubscriptionMode.ON_CHANGE;
    }

    boolean hasChangeLeaves() {
        return mode != SubscriptionMode.SAMPLE;
    }

    private boolean computeSelects(TelemetryPath leaf) {
        return TelemetrySchema.get().selects(pattern, leaf);
    }
}
