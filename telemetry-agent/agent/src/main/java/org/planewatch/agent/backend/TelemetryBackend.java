package org.planewatch.agent.backend;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.schema.ModelInfo;

/**
 * A data source that owns device state: the gNMI server is independent of where it comes from
 * (the simulator, a Linux host, a test's own data).
 *
 * <p>Contract: {@link #read} returns the current snapshot of one target; every time the back end
 * observes a change it calls its listeners with a {@link DeviceChange} (from one thread per back end,
 * in time order). Timestamps come from {@link #clock()}.
 */
public interface TelemetryBackend extends AutoCloseable {

    /** The devices served; fixed for the life of the back end. */
    List<TargetInfo> targets();

    /** Current leaves of {@code target}; {@link IllegalArgumentException} if it is not one of {@link #targets()}. */
    DeviceSnapshot read(String target);

    void addListener(ChangeListener listener);

    void removeListener(ChangeListener listener);

    TelemetryClock clock();

    /** Models beyond the OpenConfig and MRC ones every agent serves. */
    default List<ModelInfo> extraModels() {
        return List.of();
    }

    /** Facts a client needs to interpret the data (the simulator's dilation and epoch), advertised in Capabilities. */
    default Map<String, String> capabilityNotes() {
        return Map.of();
    }

    /** The writer of CONFIG leaves, if this back end has any. */
    default Optional<ConfigWriter> configWriter() {
        return Optional.empty();
    }

    /**
     * A subscription names {@code pattern} explicitly on {@code targets}. A back end that leaves costly
     * leaves out of its snapshots until someone asks for them (the simulator's per-EV state) includes the
     * ones {@code pattern} selects from now until the returned interest is closed, and returns once their
     * targets' snapshots have them. The default has nothing held back.
     */
    default Interest interest(Collection<String> targets, PathPattern pattern) {
        return Interest.NONE;
    }

    /** Starts publishing (threads, timers); idempotent. */
    default void start() {}

    @Override
    default void close() {}
}
