package org.planewatch.agent.testing;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.agent.backend.ChangeListener;
import org.planewatch.agent.backend.ConfigWriter;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.Interest;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.TelemetryBackend;
import org.planewatch.agent.backend.TelemetryClock;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.schema.ModelInfo;

/** A back end that hands every call to another: tests override the one call they watch or slow down. */
public abstract class ForwardingBackend implements TelemetryBackend {

    private final TelemetryBackend inner;

    protected ForwardingBackend(TelemetryBackend inner) {
        this.inner = inner;
    }

    @Override
    public List<TargetInfo> targets() {
        return inner.targets();
    }

    @Override
    public DeviceSnapshot read(String target) {
        return inner.read(target);
    }

    @Override
    public void addListener(ChangeListener listener) {
        inner.addListener(listener);
    }

    @Override
    public void removeListener(ChangeListener listener) {
        inner.removeListener(listener);
    }

    @Override
    public TelemetryClock clock() {
        return inner.clock();
    }

    @Override
    public List<ModelInfo> extraModels() {
        return inner.extraModels();
    }

    @Override
    public Map<String, String> capabilityNotes() {
        return inner.capabilityNotes();
    }

    @Override
    public Optional<ConfigWriter> configWriter() {
        return inner.configWriter();
    }

    @Override
    public Interest interest(Collection<String> targets, PathPattern pattern) {
        return inner.interest(targets, pattern);
    }

    @Override
    public void start() {
        inner.start();
    }

    @Override
    public void close() {
        inner.close();
    }
}
