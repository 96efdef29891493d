package org.planewatch.console.fleet;

import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.DeviceName;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;
import org.planewatch.console.state.FabricSnapshot.HostSummary;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.SwitchSummary;
import org.planewatch.console.state.FabricSnapshot.TargetStatus;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.NaturalOrder;
import org.planewatch.console.state.PlaneTrends;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;

/**
 * The whole fabric as the collector tier's rollups describe it (ADR 0102): the latest record of
 * every plane, link, suspect and alarm (a tombstone removes one), the recent exclusion decisions,
 * and the one device a view drilled into, built into the {@link FabricSnapshot} every view reads.
 * Devices are known by the ends of the links; their detail (ports, counters, QPs) only for the
 * device drilled into. Staleness is judged on the rollups' own time: the collectors write every
 * plane once a second, so a plane whose rollup is older than {@code policy.staleAfter()} is STALE,
 * and the tier raises a TARGET_STALE alarm. Not thread-safe: the reader's thread.
 */
final class FleetState {
    /** Exclusion decisions kept for the events list (the whole history stays in Kafka). */
    static final int EVENT_CAPACITY = 20_000;

    private static final int RECENT_ALARMS = 200;
    private static final String STALE_ALARM = "fleet/stale";
    /** Raised while some plane's rollup counts devices its tasks have not heard from lately (ADR 0151). */
    private static final String UNHEARD_ALARM = "fleet/unheard";
    /**
     * The core spreads are worked out again at most this often: the collectors write the links once a
     * second, and one pass over two million links costs a tenth of a second.
     */
    static final long SPREADS_EVERY_MILLIS = 1_000;

    private final String label;
    private final InstantSource clock;
    private final FreshnessPolicy policy;
    private final Map<Integer, PlaneRollup> planes = new TreeMap<>();
    private final LinkTable links = new LinkTable();
    /** Each plane's core spread over the links of {@link #spreadsOf}, worked out again when they change. */
    private Map<Integer, LoadSpread> spreads = Map.of();

    private long spreadsAtMillis = Long.MIN_VALUE;

    private List<LinkState> spreadsOf = List.of();
    /** Each plane's utilizations while its spread is worked out (the reader's thread only). */
    private final Map<Integer, Utilizations> spreadScratch = new HashMap<>();

    private final Map<String, SuspectRollup> suspects = new HashMap<>();
    private final Map<String, AlarmRollup> alarms = new LinkedHashMap<>();
    private final ArrayDeque<Alarm> recentAlarms = new ArrayDeque<>();
    /** Each device name once (137,000 at full scale), shared by the links that end there. */
    private final Map<String, String> deviceNames = new HashMap<>();
    /**
     * The same devices parsed once and kept in the views' order as they arrive: sorting and parsing
     * all 137,000 again at every publish while a fleet loads took a sixth of the reader's time.
     */
    private final TreeMap<String, DeviceName> devicesInOrder = new TreeMap<>(NaturalOrder.INSTANCE);

    private final TelemetryStore decisions;
    private final PlaneTrends trends = new PlaneTrends(600);
    private boolean devicesChanged;
    private List<SwitchSummary> switches = List.of();
    private List<HostSummary> hosts = List.of();
    private Freshness tierFreshness = Freshness.CONNECTING;
    /** Since when plane records have been waiting in the reader's fetch; -1 when none. */
    private long pendingSinceMillis = -1;

    private long records;
    private long malformed;
    private long lastRecordMillis;
    private String problem = "";
    private long version;

    FleetState(String label, InstantSource clock, FreshnessPolicy policy) {
        this.label = label;
        this.clock = clock;
        this.policy = policy;
        this.decisions =
                new TelemetryStore(clock, FreshnessPolicy.standard(), AlarmThresholds.defaults(), EVENT_CAPACITY);
    }

    /** One record of a fleet topic; a value that is not what the topic holds is counted and skipped. */
    void take(String topic, String key, byte[] value) {
        Optional<IngestEvent.Rollup.Kind> rollup = RollupTopics.kind(topic);
        if (rollup.isPresent()) {
            take(rollup.get(), topic, key, value);
            return;
        }
        records++;
        lastRecordMillis = clock.millis();
        try {
            if (!FleetTopics.EXCLUSIONS.equals(topic)) {
                malformed++;
            } else if (value != null) {
                decisions.apply(List.of(NotificationRecords.decode(value, FleetTopics.EXCLUSIONS, lastRecordMillis)));
            }
        } catch (IllegalArgumentException e) {
            malformed++;
            problem = "skipped a record of " + topic + " (key " + key + "): " + e.getMessage();
        }
    }

    /** One rollup record, read from {@code topic} now or recorded from it (ADR 0106). */
    void take(IngestEvent.Rollup.Kind kind, String topic, String key, byte[] value) {
        records++;
        lastRecordMillis = clock.millis();
        try {
            switch (kind) {
                case PLANE -> put(planes, Integer.parseInt(key), value, PlaneRollup.class);
                case LINK -> link(key, value);
                case SUSPECT -> put(suspects, key, value, SuspectRollup.class);
                case ALARM -> alarm(key, value);
            }
        } catch (IllegalArgumentException e) {
            malformed++;
            problem = "skipped a record of " + topic + " (key " + key + "): " + e.getMessage();
        }
    }

    private static <K, T> void put(Map<K, T> latest, K key, byte[] value, Class<T> type) {
        if (value == null) {
            latest.remove(key);
        } else {
            latest.put(key, RollupJson.decode(value, type));
        }
    }

    private void link(String key, byte[] value) {
        if (value == null) {
            links.remove(key);
            return;
        }
        LinkRollup rollup = RollupJson.decode(value, LinkRollup.class);
        List<String> ends = DeviceName.ends(rollup.link());
        if (ends.isEmpty()) {
            throw new IllegalArgumentException("link '" + rollup.link() + "' is not two device names joined by ~");
        }
        links.put(new LinkState(
                rollup.link(),
                rollup.plane(),
                device(ends.get(0)),
                device(ends.get(1)),
                "T0_T1".equals(rollup.kind()) ? LinkKind.T0_T1 : LinkKind.HOST_T0,
                !"DOWN".equals(rollup.state()),
                nan(rollup.bitsPerSecond()),
                nan(rollup.utilization()),
                nan(rollup.trimRate()),
                Double.NaN,
                Double.NaN,
                LinkTable.AS_READ,
                nan(rollup.errorRate()),
                Double.NaN,
                rollup.capacityBps() == null ? 100e9 : rollup.capacityBps()));
    }

    private String device(String name) {
        String known = deviceNames.putIfAbsent(name, name);
        if (known == null) {
            devicesInOrder.put(name, DeviceName.parse(name));
            devicesChanged = true;
            return name;
        }
        return known;
    }

    private void alarm(String key, byte[] value) {
        if (value != null) {
            alarms.put(key, RollupJson.decode(value, AlarmRollup.class));
            return;
        }
        AlarmRollup cleared = alarms.remove(key);
        if (cleared != null) {
            remember(toAlarm(cleared)
                    .map(a -> FleetAlarms.cleared(a, clock.millis()))
                    .orElse(null));
        }
    }

    private void remember(Alarm cleared) {
        if (cleared != null) {
            recentAlarms.addFirst(cleared);
            while (recentAlarms.size() > RECENT_ALARMS) {
                recentAlarms.removeLast();
            }
        }
    }

    /** A reading problem (no such topic, authentication failed), shown in the target's detail; "" when none. */
    void problem(String text) {
        problem = text;
    }

    /**
     * The fabric now, with {@code drilled} (the device a view drilled into, as its own raw updates
     * describe it) in place of that device's bare entry.
     */
    FabricSnapshot snapshot(
            Optional<FabricSnapshot> drilled, String drilledDevice, boolean connected, ReaderPosition position) {
        return snapshot(
                drilled,
                t -> new TargetStatus(
                        "drill-down " + drilledDevice,
                        t.freshness(),
                        t.phase(),
                        t.lastSeenMillis(),
                        t.detail(),
                        t.notifications(),
                        t.devices(),
                        t.behindMillis()),
                decisions.publish(IngestStats.NONE).events(),
                connected,
                position);
    }

    /**
     * The fabric at a replay's instant (ADR 0106): the rollups recorded, with {@code recorded} (what
     * the replay's store made of the recorded decisions and raw updates of the devices in alarm)
     * giving the exclusion events, the detail of those devices and the state of the recorded topics.
     */
    FabricSnapshot replayed(FabricSnapshot recorded) {
        return snapshot(Optional.of(recorded), t -> t, recorded.events(), true, ReaderPosition.CAUGHT_UP);
    }

    private FabricSnapshot snapshot(
            Optional<FabricSnapshot> drilled,
            UnaryOperator<TargetStatus> detailTarget,
            List<ExclusionEvent> events,
            boolean connected,
            ReaderPosition position) {
        long now = clock.millis();
        long newest =
                planes.values().stream().mapToLong(PlaneRollup::atMillis).max().orElse(0);
        Freshness judged = policy.judge(newest, now, connected, !problem.isEmpty());
        // While a new console loads the fleet it is connecting: the rollups it has read are older than
        // those still to come, and judging them would flip every link's freshness as it reads.
        boolean loading = connected && position.loading();
        boolean held = loading || holdsJudgement(judged, position.planesPending(), now);
        Freshness freshness = loading ? Freshness.CONNECTING : held ? tierFreshness : judged;
        // The planes are read before the links (ADR 0138): once none waits in the fetch, each plane's
        // own age is the collectors', while the tier still loads its links.
        boolean planesHeld = held && position.planesPending();
        if (freshness != tierFreshness) {
            tierFreshness = freshness;
            devicesChanged = true;
        }
        List<LinkState> allLinks = links.published(freshness);
        // The first links and a replay that seeks back (the clock moves back) are followed at once.
        boolean spreadsDue =
                spreadsOf.isEmpty() || now - spreadsAtMillis >= SPREADS_EVERY_MILLIS || now < spreadsAtMillis;
        if (loading) {
            // A spread over the links read so far is no plane's: the rollups' mean and busiest stand
            // until every link is in (ADR 0138).
            spreads = Map.of();
            spreadsOf = List.of();
        } else if (allLinks != spreadsOf && spreadsDue) {
            spreads = coreSpreads(allLinks);
            spreadsOf = allLinks;
            spreadsAtMillis = now;
        }
        List<PlaneSummary> planeSummaries = new ArrayList<>(planes.size());
        int hostsUnheard = 0;
        int switchesUnheard = 0;
        for (PlaneRollup p : planes.values()) {
            Freshness own = planesHeld ? freshness : policy.judge(p.atMillis(), now, connected, false);
            planeSummaries.add(plane(p, partlyUnheard(own, p), spreads.getOrDefault(p.plane(), LoadSpread.NONE)));
            // A host has a port in every plane, a switch is in one.
            hostsUnheard = Math.max(hostsUnheard, p.hostsUnheard());
            switchesUnheard += p.switchesUnheard();
        }
        trends.update(planeSummaries, now);
        if (devicesChanged) {
            rebuildDevices();
        }
        List<Alarm> active = new ArrayList<>();
        for (AlarmRollup rollup : alarms.values()) {
            toAlarm(rollup).ifPresent(active::add);
        }
        if (freshness == Freshness.STALE || freshness == Freshness.LOST) {
            active.add(new Alarm(
                    STALE_ALARM,
                    Alarm.Kind.TARGET_STALE,
                    label,
                    freshness == Freshness.LOST ? Alarm.Severity.CRITICAL : Alarm.Severity.MAJOR,
                    newest == 0
                            ? "No rollups from the collector tier yet (are collectors running with --rollups?)"
                            : "The collector tier's rollups are " + (now - newest) / 1000
                                    + " s old: what is shown is not live",
                    newest == 0 ? now : newest,
                    0));
        }
        if (hostsUnheard > 0 || switchesUnheard > 0) {
            active.add(new Alarm(
                    UNHEARD_ALARM,
                    Alarm.Kind.TARGET_STALE,
                    label,
                    Alarm.Severity.MAJOR,
                    String.format(
                            Locale.ROOT,
                            "The rollups have not heard for 30 s or more from the tasks that roll up %,d hosts and"
                                    + " %,d switches (their collector down?): their figures are as last heard",
                            hostsUnheard,
                            switchesUnheard),
                    now,
                    0));
        }
        active.sort(Comparator.comparing(Alarm::severity).reversed().thenComparing(Alarm::key));
        List<TargetStatus> targets = new ArrayList<>();
        targets.add(new TargetStatus(
                label,
                freshness,
                connected ? ConnectionPhase.STREAMING : ConnectionPhase.CONNECTING,
                lastRecordMillis,
                (loading ? "reading the fleet's topics: " + position.toCatchUp() + " records to go; " : "")
                        + detail(newest, now),
                records,
                deviceNames.size(),
                0));
        List<SwitchSummary> shownSwitches = switches;
        List<HostSummary> shownHosts = hosts;
        if (drilled.isPresent()) {
            FabricSnapshot detail = drilled.get();
            shownSwitches = replaced(switches, detail.switches(), SwitchSummary::name);
            shownHosts = replaced(hosts, detail.hosts(), HostSummary::name);
            detail.targets().stream().map(detailTarget).forEach(targets::add);
        }
        return new FabricSnapshot(
                ++version,
                now,
                List.copyOf(planeSummaries),
                allLinks,
                shownSwitches,
                shownHosts,
                events,
                suspects(),
                List.copyOf(active),
                List.copyOf(recentAlarms),
                List.copyOf(targets),
                trends.trims(),
                new IngestStats(records, 0, malformed, 0, records, 0, 0, 0, Map.of(label, lastRecordMillis)),
                trends.points());
    }

    /**
     * Whether the tier's freshness stays as it was although the plane rollups read so far say worse:
     * newer plane records are waiting in this reader's own fetch (a new console reading two million
     * links from the start, the planes' partition served behind them), so their age says nothing about
     * the collectors. Every change of the tier's freshness rewrites every link, and at full scale the
     * reader was seen to judge the tier LOST, then STALE, then LIVE again ten times while it loaded. A
     * reader that stays behind longer than {@code policy.lostAfter()} is judged on what it has read.
     */
    private boolean holdsJudgement(Freshness judged, boolean planesPending, long now) {
        if (!planesPending) {
            pendingSinceMillis = -1;
            return false;
        }
        if (pendingSinceMillis < 0 || now < pendingSinceMillis) {
            pendingSinceMillis = now;
        }
        return judged != Freshness.LIVE
                && now - pendingSinceMillis <= policy.lostAfter().toMillis();
    }

    private String detail(long newest, long now) {
        String age = newest == 0 ? "no rollups yet" : "rollups " + Math.max(0, now - newest) / 1000 + " s old";
        String text = String.format(
                Locale.ROOT,
                "%s; %d planes, %d links, %d suspects, %d alarms, %d devices",
                age,
                planes.size(),
                links.size(),
                suspects.size(),
                alarms.size(),
                deviceNames.size());
        return problem.isEmpty() ? text : text + "; " + problem;
    }

    private List<Suspect> suspects() {
        List<Suspect> ranked = new ArrayList<>(suspects.size());
        for (SuspectRollup s : suspects.values()) {
            ranked.add(new Suspect(
                    "switch".equals(s.kind()) ? Suspect.Kind.SWITCH : Suspect.Kind.LINK,
                    s.name(),
                    s.plane(),
                    s.score(),
                    s.hosts(),
                    s.firstSeenNs(),
                    s.failingPaths(),
                    s.healthyPaths()));
        }
        ranked.sort(Comparator.comparingDouble(Suspect::score).reversed().thenComparing(Suspect::name));
        return List.copyOf(ranked);
    }

    private void rebuildDevices() {
        List<SwitchSummary> newSwitches = new ArrayList<>();
        List<HostSummary> newHosts = new ArrayList<>();
        for (DeviceName parsed : devicesInOrder.values()) {
            String name = parsed.name();
            if (parsed.isSwitch()) {
                newSwitches.add(new SwitchSummary(
                        name, parsed.plane(), parsed.tier(), parsed.index(), tierFreshness, List.of()));
            } else {
                newHosts.add(new HostSummary(name, tierFreshness, List.of(), List.of()));
            }
        }
        switches = List.copyOf(newSwitches);
        hosts = List.copyOf(newHosts);
        devicesChanged = false;
    }

    /** {@code all} with the entries named in {@code detail} replaced (and added when missing). */
    private static <T> List<T> replaced(List<T> all, List<T> detail, Function<T, String> name) {
        if (detail.isEmpty()) {
            return all;
        }
        Map<String, T> byName = new HashMap<>();
        detail.forEach(d -> byName.put(name.apply(d), d));
        List<T> out = new ArrayList<>(all.size() + detail.size());
        for (T entry : all) {
            T better = byName.remove(name.apply(entry));
            out.add(better == null ? entry : better);
        }
        out.addAll(byName.values());
        return List.copyOf(out);
    }

    /**
     * Each plane's core spread (least loaded, median, busiest, mean, variation) over the links the
     * rollups hold: the plane rollups carry only the mean and the busiest, and an operator reading
     * "min - median -" beside a busiest figure could not tell a quiet plane from missing data.
     */
    private Map<Integer, LoadSpread> coreSpreads(List<LinkState> all) {
        // One pass into an array a plane, kept from one computation to the next: this runs every
        // second while links change, over two million links at full scale, and arrays grown and
        // copied anew each time were the console's largest allocations (730 MB in 90 s, ADR 0146).
        spreadScratch.values().forEach(Utilizations::clear);
        for (LinkState link : all) {
            if (LoadSpread.counts(link)) {
                spreadScratch
                        .computeIfAbsent(link.plane(), p -> new Utilizations())
                        .add(link.utilization());
            }
        }
        Map<Integer, LoadSpread> spreads = new HashMap<>();
        spreadScratch.forEach((plane, values) -> {
            if (values.size > 0) {
                spreads.put(plane, LoadSpread.ofFirst(values.values, values.size));
            }
        });
        return spreads;
    }

    /** A plane's utilizations as {@link #coreSpreads} gathers them, in an array used again. */
    private static final class Utilizations {
        private double[] values = new double[1_024];
        private int size;

        void add(double value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        void clear() {
            size = 0;
        }
    }

    /** {@code p} as the console's plane, with the core spread of its links when they are known. */
    /**
     * A plane whose rollup is live but counts devices not heard from lately is STALE: some of its
     * figures are as last heard (a collector gone, its rollup tasks not moved yet; ADR 0151).
     */
    private static Freshness partlyUnheard(Freshness judged, PlaneRollup p) {
        return judged == Freshness.LIVE && p.partlyUnheard() ? Freshness.STALE : judged;
    }

    private static PlaneSummary plane(PlaneRollup p, Freshness freshness, LoadSpread fromLinks) {
        return new PlaneSummary(
                p.plane(),
                nan(p.pathHealth()),
                p.evsGood(),
                p.evsOutOfService(),
                nan(p.goodputBps()),
                nan(p.lastHopTrimRate()),
                nan(p.fabricTrimRate()),
                p.linksDown(),
                p.linksTotal(),
                // The rollups carry the mean and the busiest; the rest comes from the links, when held.
                Double.isNaN(fromLinks.mean())
                        ? new LoadSpread(
                                Double.NaN,
                                Double.NaN,
                                nan(p.coreUtilizationMax()),
                                nan(p.coreUtilizationMean()),
                                Double.NaN)
                        : fromLinks,
                freshness,
                p.hosts(),
                p.switches());
    }

    /** The rollup's alarm as the console's; a kind this console does not know is left out. */
    static Optional<Alarm> toAlarm(AlarmRollup rollup) {
        Alarm.Kind kind;
        Alarm.Severity severity;
        try {
            // A link down is the collectors' own alarm: the console has it only as the plane's count.
            kind = "LINK_DOWN".equals(rollup.kind()) ? Alarm.Kind.LINKS_DOWN : Alarm.Kind.valueOf(rollup.kind());
            severity = Alarm.Severity.valueOf(rollup.severity());
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
        return Optional.of(new Alarm(
                rollup.key(), kind, rollup.subject(), severity, rollup.message(), rollup.raisedAtMillis(), 0));
    }

    private static double nan(Double value) {
        return value == null ? Double.NaN : value;
    }
}
