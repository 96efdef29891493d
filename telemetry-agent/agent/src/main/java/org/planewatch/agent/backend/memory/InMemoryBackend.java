package org.planewatch.agent.backend.memory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.agent.backend.ConfigWriter;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.PublishingBackend;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.TelemetryClock;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A back end whose devices hold whatever the caller puts in them: deterministic data for tests and
 * demos. Each {@link #put} or {@link #delete} publishes a new snapshot at the clock's current time.
 */
public final class InMemoryBackend extends PublishingBackend {

    private final List<TargetInfo> targets;
    private final Map<String, Map<TelemetryPath, TelemetryValue>> state = new LinkedHashMap<>();
    private volatile ConfigWriter configWriter;

    public InMemoryBackend(List<TargetInfo> targets, TelemetryClock clock) {
        super(clock);
        this.targets = List.copyOf(targets);
        for (TargetInfo t : targets) {
            state.put(t.name(), new LinkedHashMap<>());
            feed.publish(DeviceSnapshot.empty(t.name(), clock().nowNs()));
        }
    }

    /** Sets one leaf and publishes. */
    public synchronized InMemoryBackend put(String target, String path, TelemetryValue value) {
        return putAll(target, Map.of(TelemetryPath.parse(path), value));
    }

    /** Sets several leaves in one snapshot and publishes. */
    public synchronized InMemoryBackend putAll(String target, Map<TelemetryPath, TelemetryValue> values) {
        device(target).putAll(values);
        publish(target);
        return this;
    }

    /** Removes every leaf under {@code path} and publishes (deletes go to ON_CHANGE subscribers). */
    public synchronized InMemoryBackend delete(String target, String path) {
        PathPattern under = PathPattern.parse(path);
        device(target).keySet().removeIf(under::matches);
        publish(target);
        return this;
    }

    /** Lets gNMI Set write CONFIG leaves through {@code writer}. */
    public void setConfigWriter(ConfigWriter writer) {
        this.configWriter = writer;
    }

    private Map<TelemetryPath, TelemetryValue> device(String target) {
        Map<TelemetryPath, TelemetryValue> device = state.get(target);
        if (device == null) {
            throw new IllegalArgumentException("unknown target '" + target + "'");
        }
        return device;
    }

    private void publish(String target) {
        feed.publish(new DeviceSnapshot(target, clock().nowNs(), new LinkedHashMap<>(state.get(target))));
    }

    @Override
    public List<TargetInfo> targets() {
        return targets;
    }

    @Override
    public Optional<ConfigWriter> configWriter() {
        return Optional.ofNullable(configWriter);
    }
}
