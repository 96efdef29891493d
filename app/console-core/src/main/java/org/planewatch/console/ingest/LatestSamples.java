package org.planewatch.console.ingest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Samples the state owner had no time for, coalesced to the newest value per leaf: at most one
 * pending value per (source, device, path), whatever the agents send. Devices wait in the order
 * they first had something pending, so the owner takes the one that waited longest first and the
 * first device's wait is how far behind the console is (ADR 0098). Holds counters and gauges only:
 * exclusion decisions and deletes never come here. Guarded by the {@link IngestQueue}'s lock.
 */
final class LatestSamples {
    private record DeviceKey(String source, String target) {}

    /** One device's newest values, in the order its leaves first came. */
    private static final class PendingDevice {
        final String source;
        final String target;
        final long pendingSinceMillis;
        long timestampNs;
        long arrivalMillis;
        final LinkedHashMap<TelemetryPath, TelemetryUpdate> leaves = new LinkedHashMap<>();

        PendingDevice(String source, String target, long pendingSinceMillis) {
            this.source = source;
            this.target = target;
            this.pendingSinceMillis = pendingSinceMillis;
        }
    }

    private final LinkedHashMap<DeviceKey, PendingDevice> devices = new LinkedHashMap<>();
    private final long maxLeaves;
    private long leaves;

    LatestSamples(long maxLeaves) {
        this.maxLeaves = maxLeaves;
    }

    /** What one merge did: values that replaced a pending one, and values refused because the bound was reached. */
    record Merged(long coalesced, long dropped) {}

    /** Keeps the newest value of each of {@code updates}; the notification gives source, device and times. */
    Merged merge(IngestEvent.Notification notification, List<TelemetryUpdate> updates) {
        DeviceKey key = new DeviceKey(notification.source(), notification.target());
        PendingDevice device = devices.get(key);
        if (device == null) {
            device = new PendingDevice(notification.source(), notification.target(), notification.arrivalMillis());
            devices.put(key, device);
        }
        // Arrival and timestamp only move forward: a sample decoded on another stream may be offered late.
        device.timestampNs = Math.max(device.timestampNs, notification.timestampNs());
        device.arrivalMillis = Math.max(device.arrivalMillis, notification.arrivalMillis());
        long coalesced = 0;
        long dropped = 0;
        for (int i = 0; i < updates.size(); i++) {
            TelemetryUpdate update = updates.get(i);
            if (device.leaves.replace(update.path(), update) != null) {
                coalesced++;
            } else if (leaves < maxLeaves) {
                device.leaves.put(update.path(), update);
                leaves++;
            } else {
                dropped++;
            }
        }
        if (device.leaves.isEmpty()) {
            devices.remove(key);
        }
        return new Merged(coalesced, dropped);
    }

    boolean isEmpty() {
        return devices.isEmpty();
    }

    long leaves() {
        return leaves;
    }

    /** When the device that waited longest first had something pending; the queue must not be empty. */
    long oldestPendingMillis() {
        return devices.firstEntry().getValue().pendingSinceMillis;
    }

    /** Removes the device that waited longest and returns its newest values as one notification. */
    IngestEvent.Notification takeOldest() {
        PendingDevice device = devices.pollFirstEntry().getValue();
        leaves -= device.leaves.size();
        return new IngestEvent.Notification(
                device.source,
                device.target,
                device.timestampNs,
                new ArrayList<>(device.leaves.values()),
                List.of(),
                device.arrivalMillis);
    }

    /** Leaves waiting in the device {@link #takeOldest} would take next. */
    int oldestSize() {
        return devices.firstEntry().getValue().leaves.size();
    }
}
