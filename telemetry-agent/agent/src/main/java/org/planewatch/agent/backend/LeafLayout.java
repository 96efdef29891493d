package org.planewatch.agent.backend;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * The ordered leaf paths of a {@link LeafTable}: built once per device shape and shared by every
 * snapshot of that shape, so consumers can cache per-layout answers (which leaves a subscription
 * selects, their encoded paths) and then work by index instead of hashing paths. Immutable;
 * compares by identity on purpose (a new layout is a new shape).
 */
public final class LeafLayout {

    private final TelemetryPath[] paths;
    private volatile Map<TelemetryPath, Integer> index;

    public LeafLayout(List<TelemetryPath> paths) {
        this.paths = paths.toArray(TelemetryPath[]::new);
        for (TelemetryPath p : this.paths) {
            if (p == null) {
                throw new IllegalArgumentException("a layout path is null");
            }
        }
    }

    public int size() {
        return paths.length;
    }

    public TelemetryPath path(int i) {
        return paths[i];
    }

    /** A copy of the paths in order. */
    public List<TelemetryPath> paths() {
        return Arrays.asList(paths.clone());
    }

    /** The index of {@code path}, or -1; built on first use (only generic readers ask). */
    public int indexOf(TelemetryPath path) {
        Map<TelemetryPath, Integer> byPath = index;
        if (byPath == null) {
            byPath = new HashMap<>(paths.length * 2);
            for (int i = 0; i < paths.length; i++) {
                byPath.putIfAbsent(paths[i], i);
            }
            index = byPath;
        }
        Integer i = byPath.get(path);
        return i == null ? -1 : i;
    }
}
