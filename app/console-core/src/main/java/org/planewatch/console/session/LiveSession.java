package org.planewatch.console.session;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import org.planewatch.console.ingest.Backoff;
import org.planewatch.console.ingest.GnmiFaultControl;
import org.planewatch.console.ingest.GnmiTargetClient;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.ingest.SubscriptionPlan;
import org.planewatch.console.ingest.TargetsFile;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.FaultControl;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * A live session: the one place that puts a live pipeline together. The ingest queue, the state
 * owner thread with its telemetry store, one gNMI client per connected target, the recorder of
 * what the state owner applies, and fault injection on a simulated fabric. The window, the
 * headless recorder and the benchmarks all run on one; views see it only as a
 * {@link SnapshotSource}, a {@link TargetControl} and a {@link FaultControl}.
 */
public final class LiveSession implements TargetControl, DrillDownControl, AutoCloseable {
    private static final int QUEUE_CAPACITY = 65_536;
    private static final long PUBLISH_INTERVAL_MILLIS = 100;

    private final InstantSource clock;
    /** At most ~2 s of a million updates per second wait for the state owner. */
    private static final long QUEUE_UPDATES = 2_000_000;

    private final IngestQueue queue;

    private final TelemetryStore store;
    private final IngestPump pump;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("planewatch-redial").factory());
    private final Map<String, GnmiTargetClient> clients = new ConcurrentHashMap<>();
    private final List<GnmiFaultControl> faults = new CopyOnWriteArrayList<>();
    private final Random jitter = new Random();
    private volatile RecordingControl recording;
    /** The ingest totals when the session closed; null while open. */
    private volatile FabricSnapshot.IngestStats finalTotals;

    public LiveSession(InstantSource clock) {
        this(clock, FreshnessPolicy.standard());
    }

    public LiveSession(InstantSource clock, FreshnessPolicy freshness) {
        this(clock, freshness, QUEUE_CAPACITY, QUEUE_UPDATES);
    }

    /** With an ingest queue of other bounds (events, updates): tests flood a small one. */
    LiveSession(InstantSource clock, FreshnessPolicy freshness, int queueCapacity, long queueUpdates) {
        this.clock = clock;
        this.queue = new IngestQueue(queueCapacity, queueUpdates);
        this.store = new TelemetryStore(clock, freshness, AlarmThresholds.defaults(), 20_000);
        this.pump = new IngestPump(queue, store, PUBLISH_INTERVAL_MILLIS);
        this.pump.start();
    }

    /** The targets a targets file (YAML) lists, checked; an unusable file says where and why. */
    public static List<TargetConfig> readTargets(Path file) throws IOException {
        return TargetsFile.read(file);
    }

    public SnapshotSource snapshots() {
        return store;
    }

    /** Every batch the state owner applies, on its thread, after the store took it; must not keep the list. */
    public void addBatchListener(IngestPump.BatchListener listener) {
        pump.addBatchListener(listener);
    }

    /**
     * Hands a decoded event to the state owner as a network thread does (bounded: samples beyond
     * the queue's room are coalesced per leaf, events wait for room). For feeding a session without agents.
     */
    public void offer(IngestEvent event) {
        queue.offer(event);
    }

    /** The ingest queue's counters now (accepted, coalesced, dropped, waiting, events lost, how far behind). */
    public FabricSnapshot.IngestStats ingestStats() {
        FabricSnapshot.IngestStats closed = finalTotals;
        return closed != null
                ? closed
                : pump.stats().withApplied(store.latest().ingest().appliedUpdates());
    }

    /**
     * The line a console prints at exit with its ingest totals, for scripts (ADR 0098,
     * docs/troubleshooting.md): {@code planewatch-ingest applied=N coalesced=N dropped=N events-lost=N}.
     * Exact once the session is closed.
     */
    public String ingestTotalsLine() {
        return ingestStats().totalsLine();
    }

    /**
     * Waits until the subscriptions' first sync is in: the state owner has applied the
     * {@code sync_response} of every added target (of at least one source, for a session fed by
     * {@link #offer}) and nothing is queued, checked every {@code poll}. For a caller that holds a
     * simulation paused until the console has the fabric. Not "no update for a while": an agent
     * samples on, and under load its stream may never pause (the localization benchmark's 2,048-host
     * runs waited 90 s for a quiet moment that never came).
     *
     * @return true once every target synced, false if {@code timeout} passed first
     */
    public boolean awaitFirstSync(Duration poll, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (everyTargetSynced() && ingestStats().queueDepth() == 0) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(poll.toMillis());
        }
    }

    private boolean everyTargetSynced() {
        if (clients.isEmpty()) {
            return store.syncedSources() > 0;
        }
        return clients.keySet().stream().allMatch(store::hasSynced);
    }

    /**
     * The session's recording control, made on the first call: every batch the state owner applies
     * goes to the recording running then. {@code onStopped} hears of a recording that stopped on its
     * own (disk full, size limit, file error), with the file and the reason.
     */
    public synchronized RecordingControl recording(RecordingInfo info, BiConsumer<Path, String> onStopped) {
        if (recording == null) {
            recording = new RecordingControl(pump, clock, info, onStopped);
        }
        return recording;
    }

    /**
     * Fault injection through gNMI Set on {@code target} (an agent serving the simulator's
     * configuration model); closed with the session.
     */
    public FaultControl faultControl(TargetConfig target) {
        GnmiFaultControl control = new GnmiFaultControl(target);
        faults.add(control);
        return control;
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

    /**
     * Disconnects, stops the state owner, then records what was still queued (the headless recorder's
     * guarantee: a clean stop loses nothing that arrived) and closes the recording cleanly.
     */
    @Override
    public void close() {
        clients.values().forEach(GnmiTargetClient::close);
        clients.clear();
        faults.forEach(GnmiFaultControl::close);
        scheduler.shutdownNow();
        pump.close();
        queue.close();
        // The owner has stopped: what it applied is final, and read here after its thread ended.
        finalTotals = pump.stats().withApplied(store.appliedUpdates());
        RecordingControl running = recording;
        if (running != null) {
            running.onBatch(drainRest());
            running.close();
        }
    }

    private List<IngestEvent> drainRest() {
        List<IngestEvent> rest = new ArrayList<>();
        try {
            queue.drain(rest, Integer.MAX_VALUE, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return rest;
    }
}
