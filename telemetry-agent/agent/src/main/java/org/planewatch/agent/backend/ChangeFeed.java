package org.planewatch.agent.backend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Keeps the latest snapshot per target and turns each newly published snapshot into a
 * {@link DeviceChange} for the listeners. Back ends publish from one thread; readers may be anywhere.
 */
public final class ChangeFeed {

    private final Map<String, DeviceSnapshot> latest = new ConcurrentHashMap<>();
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();

    public void addListener(ChangeListener listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    public void removeListener(ChangeListener listener) {
        listeners.remove(listener);
    }

    public DeviceSnapshot latest(String target) {
        return latest.get(target);
    }

    /**
     * Stores {@code next} as the target's current state and notifies what differs from the previous
     * one. A table is stored as the one {@linkplain LeafTable#following following} the previous
     * table, so that readers can tell what changed since any table they read before.
     */
    public void publish(DeviceSnapshot next) {
        DeviceSnapshot previous = latest.get(next.target());
        Map<TelemetryPath, TelemetryValue> before = previous == null ? Map.of() : previous.leaves();
        if (next.leaves() instanceof LeafTable now) {
            LeafTable old = before instanceof LeafTable table ? table : null;
            LeafTable numbered = now.following(old);
            latest.put(next.target(), new DeviceSnapshot(next.target(), next.timestampNs(), numbered));
            if (old != null && old.layout() == now.layout()) {
                if (!listeners.isEmpty()) {
                    notify(new DeviceChange(next.target(), next.timestampNs(), changedColumns(numbered), List.of()));
                }
                return;
            }
        } else {
            latest.put(next.target(), next);
        }
        if (listeners.isEmpty()) {
            return; // nobody streams changes: skip the diff
        }
        Map<TelemetryPath, TelemetryValue> updated = new HashMap<>();
        for (Map.Entry<TelemetryPath, TelemetryValue> leaf : next.leaves().entrySet()) {
            if (!leaf.getValue().equals(before.get(leaf.getKey()))) {
                updated.put(leaf.getKey(), leaf.getValue());
            }
        }
        List<TelemetryPath> deleted = new ArrayList<>();
        for (TelemetryPath path : before.keySet()) {
            if (!next.leaves().containsKey(path)) {
                deleted.add(path);
            }
        }
        notify(new DeviceChange(next.target(), next.timestampNs(), updated, deleted));
    }

    /** A table following one of the same layout: the leaves that changed in this publication, no lookups. */
    private static Map<TelemetryPath, TelemetryValue> changedColumns(LeafTable now) {
        Map<TelemetryPath, TelemetryValue> updated = new HashMap<>();
        long before = now.generation() - 1;
        for (int i = 0; i < now.size(); i++) {
            if (now.changedSince(i, before)) {
                updated.put(now.layout().path(i), now.value(i));
            }
        }
        return updated;
    }

    private void notify(DeviceChange change) {
        if (!change.isEmpty()) {
            for (ChangeListener listener : listeners) {
                listener.changed(change);
            }
        }
    }
}
