package org.planewatch.console.session;

import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.planewatch.console.ingest.Backoff;
import org.planewatch.console.ingest.GnmiTargetClient;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.ingest.SubscriptionPlan;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * A live console session: the ingest queue, the state owner thread and one gNMI client per
 * configured target. Views see it only as a {@link SnapshotSource} and a {@link TargetControl}.
 */
public final class ConsoleSession implements TargetControl, DrillDownControl, AutoCloseable {
    private static final int QUEUE_CAPACITY = 65_536;
    private static final long PUBLISH_INTERVAL_MILLIS = 100;

    private final InstantSource clock;
    /** At most ~2 s of a million updates per second wait for the state owner. */
    private final IngestQueue queue = new IngestQueue(QUEUE_CAPACITY, 2_000_000);

    private final TelemetryStore store;
    private final IngestPump pump;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("planewatch-redial").factory());
    private final Map<String, GnmiTargetClient> clients = new ConcurrentHashMap<>();
    private final Random jitter = new Random();

    public ConsoleSession(InstantSource clock) {
        this(clock, FreshnessPolicy.standard());
    }

    public ConsoleSession(InstantSource clock, FreshnessPolicy freshness) {
        this.clock = clock;
        this.store = new TelemetryStore(clock, freshness, AlarmThresholds.defaults(), 20_000);
        this.pump = new IngestPump(queue, store, PUBLISH_INTERVAL_MILLIS);
        this.pump.start();
    }

    public SnapshotSource snapshots() {
        return store;
    }

    public IngestPump pump() {
        return pump;
    }

    @Override
    public synchronized void add(TargetConfig target) {
        if (clients.containsKey(target.name())) {
            throw new IllegalArgumentException("a target named '" + target.name() + "' is already connected");
        }
        GnmiTargetClient client = new GnmiTargetClient(
                target, SubscriptionPlan.fabricOverview(), queue, clock, scheduler, Backoff.standard(jitter));
        clients.put(target.name(), client);
        client.start();
    }

    @Override
    public synchronized void remove(String name) {
        GnmiTargetClient client = clients.remove(name);
        if (client != null) {
            client.close();
        }
    }

    @Override
    public void watchEvs(String host) {
        clients.values().stream()
                .filter(c -> c.serves(host))
                .findFirst()
                .ifPresent(c -> c.subscribeExplicitly(host, SubscriptionPlan.evStates()));
    }

    @Override
    public List<TargetConfig> targets() {
        return clients.values().stream().map(GnmiTargetClient::config).toList();
    }

    @Override
    public void close() {
        clients.values().forEach(GnmiTargetClient::close);
        clients.clear();
        scheduler.shutdownNow();
        pump.close();
    }
}
