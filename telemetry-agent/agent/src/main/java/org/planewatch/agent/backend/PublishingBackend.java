package org.planewatch.agent.backend;

/** Base of back ends that publish snapshots through a {@link ChangeFeed}: the listener plumbing in one place. */
public abstract class PublishingBackend implements TelemetryBackend {

    protected final ChangeFeed feed = new ChangeFeed();
    private final TelemetryClock clock;

    protected PublishingBackend(TelemetryClock clock) {
        this.clock = clock;
    }

    @Override
    public final void addListener(ChangeListener listener) {
        feed.addListener(listener);
    }

    @Override
    public final void removeListener(ChangeListener listener) {
        feed.removeListener(listener);
    }

    /** The latest published snapshot of {@code target}. */
    @Override
    public DeviceSnapshot read(String target) {
        DeviceSnapshot snapshot = feed.latest(target);
        if (snapshot == null) {
            throw new IllegalArgumentException("unknown target '" + target + "'");
        }
        return snapshot;
    }

    @Override
    public TelemetryClock clock() {
        return clock;
    }
}
