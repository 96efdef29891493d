package org.planewatch.agent.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.planewatch.agent.backend.ColumnSlabs;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.agent.backend.LeafTable;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Writes one device's leaves, path and value, into a {@link LeafTable}. The same fill code describes
 * the shape and the values: each device keeps its last {@link LeafLayout}, and a fill whose paths no
 * longer match it (an exclusion event entered the ring, a QP appeared) makes a new layout. Owned by
 * the simulation's thread.
 */
final class TableWriter {

    /** Last layout per device. */
    static final class Layouts {
        /** Shapes remembered for sharing; past this the memory starts over (event rings keep making new ones). */
        private static final int SHAPES_LIMIT = 4096;

        private final Map<String, LeafLayout> byDevice = new HashMap<>();
        /**
         * One layout per shape: devices with the same leaves (every switch of a fabric, every idle
         * host) share it, so the full fabric's 6,144 switches hold one layout of 20,000 paths instead
         * of 6,144, and the server's per-layout answers are made once (ADR 0103).
         */
        private final Map<List<TelemetryPath>, LeafLayout> byShape = new HashMap<>();

        /** The tables' numeric columns (ADR 0130), slabs no larger than {@link #leaves}. */
        private final ColumnSlabs slabs = new ColumnSlabs();
        /** The leaves of every device's last layout: what one publication of them all takes. */
        private long leaves;

        LeafTable table(String device, Consumer<TableWriter> fill) {
            LeafLayout layout = byDevice.get(device);
            if (layout != null) {
                TableWriter values = new TableWriter(layout, slabs);
                fill.accept(values);
                if (values.matches()) {
                    return values.builder.build();
                }
            }
            TableWriter shape = new TableWriter(null, null);
            fill.accept(shape);
            layout = byShape.get(shape.paths);
            if (layout == null) {
                if (byShape.size() >= SHAPES_LIMIT) {
                    byShape.clear();
                }
                layout = new LeafLayout(shape.paths);
                byShape.put(shape.paths, layout);
            }
            LeafLayout before = byDevice.put(device, layout);
            leaves += layout.size() - (before == null ? 0 : before.size());
            slabs.expectRound(leaves);
            TableWriter values = new TableWriter(layout, slabs);
            fill.accept(values);
            if (!values.matches()) {
                throw new IllegalStateException("the leaves of " + device + " changed shape within one publish");
            }
            return values.builder.build();
        }
    }

    private final LeafLayout layout;
    private final LeafTable.Builder builder;
    private final List<TelemetryPath> paths;
    private boolean mismatch;

    private TableWriter(LeafLayout layout, ColumnSlabs slabs) {
        this.layout = layout;
        this.builder = layout == null ? null : new LeafTable.Builder(layout, slabs);
        this.paths = layout == null ? new ArrayList<>() : null;
    }

    void uint(TelemetryPath path, long value) {
        if (next(path)) {
            builder.uint(value);
        }
    }

    void value(TelemetryPath path, TelemetryValue value) {
        if (next(path)) {
            builder.value(value);
        }
    }

    /** Whether the value of {@code path} is wanted: it is the layout's next path (or a shape is being recorded). */
    private boolean next(TelemetryPath path) {
        if (paths != null) {
            paths.add(path);
            return false;
        }
        if (mismatch) {
            return false;
        }
        int i = builder.filled();
        if (i >= layout.size() || (layout.path(i) != path && !layout.path(i).equals(path))) {
            mismatch = true;
            return false;
        }
        return true;
    }

    private boolean matches() {
        return !mismatch && builder.filled() == layout.size();
    }
}
