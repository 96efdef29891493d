package org.planewatch.console.state;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.FabricSnapshot.TargetStatus;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.RecordedDecision;

/**
 * Owner of the fabric model. One thread (live: the session's {@code IngestPump}; replay: the replay driver)
 * calls {@link #apply} with drained batches and {@link #publish} when a new snapshot is due; any
 * thread may read {@link #latest}. All time comes from the injected clock, so the same events and
 * the same clock readings give the same snapshots, live or replayed.
 */
public final class TelemetryStore implements SnapshotSource {
    private final InstantSource clock;
    private final FreshnessPolicy freshnessPolicy;
    private final FabricModel model;
    private final AlarmEngine alarms = new AlarmEngine();
    /** Ten minutes of each plane's smoothed rates, one point a second. */
    private final PlaneTrends trends = new PlaneTrends(600);

    private final Map<String, SourceState> sources = new TreeMap<>();
    private final AtomicReference<AlarmThresholds> thresholds;
    private final AtomicReference<FabricSnapshot> latest = new AtomicReference<>(FabricSnapshot.empty());
    /** Conditions of the console itself, reported from any thread, judged by the owner at each publication. */
    private final Map<String, AlarmEngine.Condition> held = new ConcurrentHashMap<>();
    /** Acknowledgements from the UI thread, applied by the owner at the next publication; one per click. */
    private final Queue<Acknowledgement> acknowledgements = new ConcurrentLinkedQueue<>();
    /** Sources whose first sync_response the owner applied; read from any thread (written by the owner). */
    private final Set<String> synced = ConcurrentHashMap.newKeySet();

    private record Acknowledgement(String key, long raisedAtMillis, long silenceMillis) {}

    private long version;

    private List<FabricSnapshot.LinkState> linksChanged = List.of();
    private List<FabricSnapshot.LinkState> linksGone = List.of();

    private static final class SourceState {
        ConnectionPhase phase = ConnectionPhase.CONNECTING;
        String detail = "";
        long lastSeenMillis;
        long notifications;
        boolean everFailed;
    }

    public TelemetryStore(
            InstantSource clock, FreshnessPolicy freshnessPolicy, AlarmThresholds thresholds, int eventCapacity) {
        this(clock, freshnessPolicy, thresholds, eventCapacity, false);
    }

    /**
     * @param joinsLate the store may see a device's stream from after its initial state (a fleet's
     *     drill-down into one device): a simulated device is then timed from its first sample
     */
    public TelemetryStore(
            InstantSource clock,
            FreshnessPolicy freshnessPolicy,
            AlarmThresholds thresholds,
            int eventCapacity,
            boolean joinsLate) {
        this(clock, freshnessPolicy, thresholds, eventCapacity, joinsLate, FleetRoles.NONE);
    }

    /**
     * @param fleet what the rest of a fleet knows of the devices this store does not hold: a store of
     *     one partition of the fabric learns its topology as a store of the whole would (ADR 0116)
     */
    public TelemetryStore(
            InstantSource clock,
            FreshnessPolicy freshnessPolicy,
            AlarmThresholds thresholds,
            int eventCapacity,
            boolean joinsLate,
            FleetRoles fleet) {
        this.clock = clock;
        this.freshnessPolicy = freshnessPolicy;
        this.thresholds = new AtomicReference<>(thresholds);
        this.model = new FabricModel(eventCapacity, joinsLate, fleet);
    }

    /** The hosts and their T0s this store learnt from its own devices, as of the last publication; owner thread. */
    public FleetRoles.Local localRoles() {
        return model.localRoles();
    }

    public TelemetryStore(InstantSource clock) {
        this(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 20_000);
    }

    /** Whether the owner has applied a sync_response from {@code source} (its initial state is in); any thread. */
    public boolean hasSynced(String source) {
        return synced.contains(source);
    }

    /** How many sources the owner has applied a sync_response from; any thread. */
    public int syncedSources() {
        return synced.size();
    }

    /**
     * Owner thread: from now on tells {@code turns} of each counter that stands still or moves again
     * while a notification is applied (a rollup task keeps still counters for later readers, ADR 0147).
     */
    public void watchCounterTurns(CounterTurns turns) {
        model.watchCounterTurns(turns);
    }

    /** Owner thread only. */
    public void apply(List<? extends IngestEvent> batch) {
        for (IngestEvent event : batch) {
            // instanceof, not a pattern switch: per applied event (ADR 0079)
            if (event instanceof IngestEvent.Notification notification) {
                SourceState source = source(notification.source());
                source.lastSeenMillis = notification.arrivalMillis();
                source.notifications++;
                model.apply(notification);
            } else if (event instanceof IngestEvent.Synced sync) {
                source(sync.source()).lastSeenMillis = sync.arrivalMillis();
                synced.add(sync.source());
            } else if (event instanceof IngestEvent.Connection connection) {
                SourceState source = source(connection.source());
                source.phase = connection.phase();
                source.detail = connection.detail();
                source.everFailed |= connection.phase() == ConnectionPhase.FAILED;
                if (connection.phase() == ConnectionPhase.STREAMING) {
                    source.lastSeenMillis = connection.arrivalMillis();
                } else {
                    model.exclusions.subscriptionEnded(connection.source());
                    // Per-EV leaves come only under the explicit subscription of the host looked at; the
                    // subscription that follows sends them afresh, for the host looked at now.
                    model.forgetEvs(connection.source());
                }
            }
        }
    }

    /**
     * Owner thread only: a recording's decision history, oldest first, with the same result as
     * applying the notifications that report it ({@code ReplayCursor.asNotifications}) but straight
     * into the exclusion log: a seek loads 20,000 of them before its keyframe.
     */
    public void applyHistory(List<RecordedDecision> decisions) {
        for (RecordedDecision decision : decisions) {
            SourceState source = source(decision.source());
            source.lastSeenMillis = decision.arrivalMillis();
            source.notifications++;
            model.applyDecision(decision);
        }
    }

    private SourceState source(String name) {
        return sources.computeIfAbsent(name, n -> new SourceState());
    }

    /** Owner thread only: judges freshness and alarms at the clock's now and publishes a snapshot. */
    public FabricSnapshot publish(IngestStats ingest) {
        long now = clock.millis();
        List<TargetStatus> targets = new ArrayList<>(sources.size());
        Map<String, Integer> devicesPerSource = model.devicesPerSource;
        Map<String, Freshness> sourceFreshness = new HashMap<>();
        // Freshness is judged on when the network last heard a source, applied or not, so a target that
        // streams while the console lags is BEHIND, never STALE or LOST (ADR 0098).
        long behind = ingest.behindMillis();
        boolean consoleBehind = behind >= freshnessPolicy.behindAfter().toMillis();
        sources.forEach((name, s) -> {
            long heard = Math.max(s.lastSeenMillis, ingest.lastHeardMillis().getOrDefault(name, 0L));
            Freshness freshness = s.phase == ConnectionPhase.CLOSED
                    ? Freshness.LOST
                    : freshnessPolicy.judge(heard, now, s.phase == ConnectionPhase.STREAMING, s.everFailed);
            if (freshness == Freshness.LIVE && consoleBehind) {
                freshness = Freshness.BEHIND;
            }
            sourceFreshness.put(name, freshness);
            targets.add(new TargetStatus(
                    name,
                    freshness,
                    s.phase,
                    s.lastSeenMillis,
                    s.detail,
                    s.notifications,
                    devicesPerSource.getOrDefault(name, 0),
                    freshness == Freshness.BEHIND ? behind : 0));
        });
        // A device is as fresh as its source: agents send only what changed, so a quiet device on a live
        // stream is usually just unchanged. Only a device silent beyond the lost threshold is marked STALE,
        // reckoned at the instant the applied data stands for (now less what still waits).
        long quietLimit = freshnessPolicy.lostAfter().toMillis();
        long appliedUpTo = now - behind;
        FabricModel.Summary summary = model.summarize(
                device -> {
                    Freshness own = appliedUpTo - device.lastSeenMillis > quietLimit ? Freshness.STALE : Freshness.LIVE;
                    return own.worse(sourceFreshness.getOrDefault(device.source, Freshness.LIVE));
                },
                now);
        linksChanged = summary.linksChanged();
        linksGone = summary.linksGone();
        var events = model.exclusions.events();
        var suspects = model.localizer.rank(now);
        trends.update(summary.planes(), now);
        for (Acknowledgement ack; (ack = acknowledgements.poll()) != null; ) {
            alarms.acknowledge(ack.key(), ack.raisedAtMillis(), ack.silenceMillis(), now);
        }
        alarms.evaluate(
                summary.planes(),
                trends.points(),
                targets,
                events,
                suspects,
                List.copyOf(held.values()),
                thresholds.get(),
                now);
        FabricSnapshot snapshot = new FabricSnapshot(
                ++version,
                now,
                summary.planes(),
                summary.links(),
                summary.switches(),
                summary.hosts(),
                events,
                suspects,
                alarms.active(),
                alarms.recent(),
                List.copyOf(targets),
                trends.trims(),
                ingest.withApplied(model.appliedUpdates),
                trends.points());
        latest.set(snapshot);
        return snapshot;
    }

    /**
     * Any thread: a condition of the console itself (recording stopped on a full disk) that raises
     * an alarm at the next publication and holds until {@link #release}d.
     */
    public void hold(Alarm.Kind kind, String subject, Alarm.Severity severity, String message) {
        String key = kind + "/" + subject;
        held.put(key, new AlarmEngine.Condition(key, kind, subject, severity, message));
    }

    /** Any thread: the condition is gone; its alarm clears as any other does. */
    public void release(Alarm.Kind kind, String subject) {
        held.remove(kind + "/" + subject);
    }

    @Override
    public boolean acknowledgesAlarms() {
        return true;
    }

    @Override
    public void acknowledge(Alarm alarm, Duration silence) {
        acknowledgements.add(new Acknowledgement(alarm.key(), alarm.raisedAtMillis(), silence.toMillis()));
    }

    @Override
    public FabricSnapshot latest() {
        return latest.get();
    }

    @Override
    public AlarmThresholds thresholds() {
        return thresholds.get();
    }

    @Override
    public void setThresholds(AlarmThresholds newThresholds) {
        thresholds.set(newThresholds);
    }

    /**
     * Owner thread: the links of the last publication whose state is another object than at the one
     * before (new links included), in natural order of their ids; what changed at it, not the whole
     * fabric, for a reader that keeps what it was handed before (a rollup task: ADR 0123).
     */
    public List<FabricSnapshot.LinkState> linksChanged() {
        return linksChanged;
    }

    /** Owner thread: the links of the publication before that the last publication no longer has, as they were. */
    public List<FabricSnapshot.LinkState> linksGone() {
        return linksGone;
    }

    /**
     * Owner thread, before the first publication: every plane's core spread is {@link
     * FabricSnapshot.LoadSpread#NONE}, for a store nobody reads them from (a rollup task's: the fleet's
     * come from the links it hands out), since working them out sorts every T0-T1 link of a plane
     * whose links changed.
     */
    public void leaveCoreSpreadsOut() {
        model.leaveCoreSpreadsOut();
    }

    /** How many links the last publication added up again from their ends (tests). */
    int linksAddedUp() {
        return model.linksAddedUp;
    }

    /** Paces the topology's learnings by {@code work} items per publication (tests; ADR 0126). */
    void paceLearning(int work) {
        model.paceLearning(work);
    }

    /** How many times the fabric model learnt the topology (tests). */
    int topologyLearns() {
        return model.topologyLearns;
    }

    /** Updates applied so far; the owner thread's, or any thread's once the owner stopped. */
    public long appliedUpdates() {
        return model.appliedUpdates;
    }

    public InstantSource clock() {
        return clock;
    }
}
