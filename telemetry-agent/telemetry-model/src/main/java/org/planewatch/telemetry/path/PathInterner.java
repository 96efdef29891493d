package org.planewatch.telemetry.path;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One instance for equal paths, as {@link String#intern} gives one for equal strings. Each gNMI
 * connection's decoder caches the paths it decoded, so a collector of 34 connections held 34 equal
 * instances of every leaf path; the maps keyed by path downstream (the records' path bytes, the
 * ingest queue's coalescing) then compared them element by element on every hit, most of a
 * collector's forwarding thread at full scale (ADR 0127). Decoders intern a path once, when they
 * first decode it, so equal paths are the same object and those maps hit on identity.
 *
 * <p>Bounded: past {@code maxPaths} the table starts afresh (paths with ever-new keys, such as
 * exclusion events' sequence numbers, must not grow it for ever); until a path is interned again,
 * equal instances may coexist, which costs time, never correctness. Safe for any thread.
 */
public final class PathInterner {
    private static final PathInterner SHARED = new PathInterner(1 << 18);

    private final ConcurrentHashMap<TelemetryPath, TelemetryPath> paths = new ConcurrentHashMap<>();
    private final int maxPaths;

    public PathInterner(int maxPaths) {
        if (maxPaths < 1) {
            throw new IllegalArgumentException("an interner holds at least one path, got " + maxPaths);
        }
        this.maxPaths = maxPaths;
    }

    /** The process's interner, for decoders of every connection. */
    public static PathInterner shared() {
        return SHARED;
    }

    /** The instance equal to {@code path} that was interned first (since the table last started afresh). */
    public TelemetryPath intern(TelemetryPath path) {
        TelemetryPath known = paths.get(path);
        if (known != null) {
            return known;
        }
        if (paths.size() >= maxPaths) {
            paths.clear();
        }
        known = paths.putIfAbsent(path, path);
        return known == null ? path : known;
    }

    /** How many paths the table holds now (tests). */
    int size() {
        return paths.size();
    }
}
