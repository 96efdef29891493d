package org.planewatch.console.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.AlarmThresholds;
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
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.telemetry.schema.TelemetrySchema;

/**
 * A full-scale {@link FabricSnapshot} built without a simulator, for tests, benchmarks and the
 * console's hidden {@code --bench-fullscale} option: 8 planes x 512 T0 x 256 T1 (1,048,576 core
 * links with utilization and trims), 131,072 hosts and 6,144 switches by name (137,216 device names,
 * none in detail: a fleet source shows the whole fabric from rollups), an incident (a spine down in
 * plane 3, so its 512 links are down; one more link down in planes 1 and 3; a gray link in plane 5), suspects,
 * alarms and a full history of exclusion events. Names follow the simulator's ({@code p3-t0-17},
 * {@code host-0042}). Deterministic for a given seed. It is not a live fleet and never claims to be.
 */
public final class FullScaleFabric {
    public static final int PLANES = 8;
    public static final int T0_PER_PLANE = 512;
    public static final int T1_PER_PLANE = 256;
    public static final int HOSTS_PER_T0 = 256;
    public static final int HOSTS = T0_PER_PLANE * HOSTS_PER_T0;
    /** The exclusion history a store keeps (and so a snapshot carries). */
    public static final int EVENTS = 20_000;
    /** The spine whose reboot takes its 512 links down. */
    public static final int DOWN_SPINE_PLANE = 3;

    public static final int DOWN_SPINE = 17;
    private static final double CAPACITY = 400e9;

    private final int planes;
    private final int t0;
    private final int t1;
    private final long atMillis;

    public FullScaleFabric() {
        this(PLANES, T0_PER_PLANE, T1_PER_PLANE, 1_800_000_000_000L);
    }

    /** A smaller fabric of the same shape (tests that need not pay for a million links). */
    public FullScaleFabric(int planes, int t0, int t1, long atMillis) {
        this.planes = planes;
        this.t0 = t0;
        this.t1 = t1;
        this.atMillis = atMillis;
    }

    public static String sw(int plane, int tier, int index) {
        return "p" + plane + "-t" + tier + "-" + index;
    }

    public static String host(int index) {
        return "host-%04d".formatted(index);
    }

    public static String link(int plane, int t0, int t1) {
        return sw(plane, 0, t0) + "~" + sw(plane, 1, t1);
    }

    /** Whether {@code plane} has a single link down: planes 1 and 3 (plane 3 besides its spine). */
    public boolean hasDownLink(int plane) {
        return plane == 1 || plane == DOWN_SPINE_PLANE;
    }

    /** The single link down in a plane that {@link #hasDownLink has one}. */
    public String downLink(int plane) {
        return link(plane, (plane * 67 + 5) % t0, (plane * 29 + 11) % t1);
    }

    /** A link that loses packets between its ends without going down: plane 5's. */
    public String grayLink() {
        return link(Math.min(5, planes - 1), t0 / 3, t1 / 5);
    }

    public int hosts() {
        return t0 * HOSTS_PER_T0;
    }

    /** Every device name: hosts, then switches plane by plane. */
    public int devices() {
        return hosts() + planes * (t0 + t1);
    }

    /** The snapshot, {@code version} its version; utilizations move with the seed. */
    public FabricSnapshot snapshot(long version, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String[][] t0Names = new String[planes][t0];
        String[][] t1Names = new String[planes][t1];
        List<SwitchSummary> switches = new ArrayList<>(planes * (t0 + t1));
        for (int p = 0; p < planes; p++) {
            for (int i = 0; i < t0; i++) {
                t0Names[p][i] = sw(p, 0, i);
                switches.add(new SwitchSummary(t0Names[p][i], p, 0, i, Freshness.LIVE, List.of()));
            }
            for (int j = 0; j < t1; j++) {
                t1Names[p][j] = sw(p, 1, j);
                switches.add(new SwitchSummary(t1Names[p][j], p, 1, j, Freshness.LIVE, List.of()));
            }
        }
        List<LinkState> links = new ArrayList<>(planes * t0 * t1);
        List<PlaneSummary> summaries = new ArrayList<>(planes);
        String gray = grayLink();
        for (int p = 0; p < planes; p++) {
            String down = hasDownLink(p) ? downLink(p) : "";
            int linksDown = 0;
            double[] utilizations = new double[t0 * t1];
            int n = 0;
            // A plane's load: MRC sprays evenly, so utilization is a narrow band around the plane's mean,
            // with a few hot links to find by eye.
            double mean = 0.35 + 0.05 * p;
            for (int i = 0; i < t0; i++) {
                for (int j = 0; j < t1; j++) {
                    String id = t0Names[p][i] + "~" + t1Names[p][j];
                    boolean up = !(p == DOWN_SPINE_PLANE && j == DOWN_SPINE % t1) && !id.equals(down);
                    double u = up ? Math.max(0, Math.min(1, mean + random.nextGaussian() * 0.04)) : 0;
                    if (up && random.nextInt(2000) == 0) {
                        u = 0.9 + random.nextDouble() * 0.1;
                    }
                    double trims = up && u > 0.85 ? 1000 + random.nextInt(5000) : 0;
                    double loss = id.equals(gray) ? 25_000 : 0;
                    links.add(new LinkState(
                            id,
                            p,
                            t0Names[p][i],
                            t1Names[p][j],
                            LinkKind.T0_T1,
                            up,
                            u * CAPACITY,
                            u,
                            trims,
                            trims / 4,
                            up ? 0 : 1_000,
                            Freshness.LIVE,
                            0,
                            loss,
                            CAPACITY));
                    if (up) {
                        utilizations[n++] = u;
                    } else {
                        linksDown++;
                    }
                }
            }
            summaries.add(new PlaneSummary(
                    p,
                    p == DOWN_SPINE_PLANE ? 0.93 : 0.999,
                    (long) hosts() * 32,
                    p == DOWN_SPINE_PLANE ? hosts() * 2L : hasDownLink(p) ? 512 : 0,
                    mean * CAPACITY * t0 * t1,
                    p == DOWN_SPINE_PLANE ? 2.0e6 : 1.5e3,
                    p == DOWN_SPINE_PLANE ? 5.0e5 : 3.0e2,
                    linksDown,
                    t0 * t1,
                    spread(utilizations, n),
                    Freshness.LIVE,
                    hosts(),
                    t0 + t1));
        }
        List<HostSummary> hosts = new ArrayList<>(hosts());
        for (int h = 0; h < hosts(); h++) {
            hosts.add(new HostSummary(host(h), Freshness.LIVE, List.of(), List.of()));
        }
        List<Suspect> suspects = suspects();
        return new FabricSnapshot(
                version,
                atMillis,
                List.copyOf(summaries),
                List.copyOf(links),
                List.copyOf(switches),
                List.copyOf(hosts),
                events(0),
                suspects,
                alarms(),
                List.of(),
                List.of(new TargetStatus(
                        "bench-fullscale",
                        Freshness.LIVE,
                        ConnectionPhase.STREAMING,
                        atMillis,
                        "generated full-scale snapshot (not a live fleet)",
                        version,
                        devices(),
                        0)),
                Map.of(),
                IngestStats.NONE,
                Map.of());
    }

    /** The spine first (512 links), then each plane's down link, then the gray link: what an operator would chase. */
    private List<Suspect> suspects() {
        long firstSeenNs = (atMillis - 40_000) * 1_000_000;
        List<Suspect> suspects = new ArrayList<>();
        if (planes > DOWN_SPINE_PLANE) {
            suspects.add(new Suspect(
                    Suspect.Kind.SWITCH,
                    sw(DOWN_SPINE_PLANE, 1, DOWN_SPINE % t1),
                    DOWN_SPINE_PLANE,
                    0.97,
                    hosts(),
                    firstSeenNs,
                    t0 * 64,
                    0));
        }
        for (int p = 0; p < planes; p++) {
            if (!hasDownLink(p)) {
                continue;
            }
            suspects.add(new Suspect(
                    Suspect.Kind.LINK,
                    downLink(p),
                    p,
                    0.9 - p * 0.01,
                    2 * HOSTS_PER_T0,
                    firstSeenNs + p * 1_000_000_000L,
                    512,
                    3));
        }
        suspects.add(new Suspect(
                Suspect.Kind.LINK,
                grayLink(),
                Math.min(5, planes - 1),
                0.6,
                180,
                firstSeenNs + 9_000_000_000L,
                140,
                60));
        return List.copyOf(suspects);
    }

    private List<Alarm> alarms() {
        List<Alarm> alarms = new ArrayList<>();
        // One LINKS_DOWN alarm per plane with links down, as the store's alarm engine raises them.
        if (planes > 1) {
            alarms.add(new Alarm(
                    "links-down:1",
                    Alarm.Kind.LINKS_DOWN,
                    "plane 1",
                    Alarm.Severity.MAJOR,
                    "1 link down in plane 1",
                    atMillis - 20_000,
                    0));
        }
        if (planes > DOWN_SPINE_PLANE) {
            alarms.add(new Alarm(
                    "links-down:" + DOWN_SPINE_PLANE,
                    Alarm.Kind.LINKS_DOWN,
                    "plane " + DOWN_SPINE_PLANE,
                    Alarm.Severity.CRITICAL,
                    (t0 + 1) + " links down in plane " + DOWN_SPINE_PLANE,
                    atMillis - 38_000,
                    0));
            alarms.add(new Alarm(
                    "suspect:" + sw(DOWN_SPINE_PLANE, 1, DOWN_SPINE % t1),
                    Alarm.Kind.SUSPECT,
                    sw(DOWN_SPINE_PLANE, 1, DOWN_SPINE % t1),
                    Alarm.Severity.MAJOR,
                    "exclusion decisions point at " + sw(DOWN_SPINE_PLANE, 1, DOWN_SPINE % t1),
                    atMillis - 36_000,
                    0));
        }
        alarms.add(new Alarm(
                "suspect:" + grayLink(),
                Alarm.Kind.SUSPECT,
                grayLink(),
                Alarm.Severity.MAJOR,
                "exclusion decisions point at " + grayLink(),
                atMillis - 30_000,
                0));
        return List.copyOf(alarms);
    }

    /**
     * The same snapshot with the exclusion history moved on by {@code newer} decisions: the oldest
     * leave as the newest arrive, as in a store whose history is full.
     */
    public FabricSnapshot withNewerEvents(FabricSnapshot snapshot, long version, int newer) {
        long first =
                snapshot.events().isEmpty() ? 0 : snapshot.events().getFirst().seq() - 1 + newer;
        return new FabricSnapshot(
                version,
                snapshot.atMillis() + 1000,
                snapshot.planes(),
                snapshot.links(),
                snapshot.switches(),
                snapshot.hosts(),
                events(first),
                snapshot.suspects(),
                snapshot.activeAlarms(),
                snapshot.recentAlarms(),
                snapshot.targets(),
                snapshot.trimHistory(),
                snapshot.ingest(),
                snapshot.trends());
    }

    /**
     * {@link #EVENTS} decisions from the {@code first}-th of an endless deterministic sequence:
     * exclusions and re-admissions on every plane, a third of them through a plane's down link.
     */
    private List<ExclusionEvent> events(long first) {
        List<ExclusionEvent> events = new ArrayList<>(EVENTS);
        long stepNs = 30_000_000L;
        long startNs = (atMillis - 600_000) * 1_000_000;
        for (long k = first; k < first + EVENTS; k++) {
            SplittableRandom random = new SplittableRandom(k * 0x9E3779B97F4A7C15L);
            int plane = random.nextInt(planes);
            int t0Index = random.nextInt(t0);
            String through = random.nextInt(3) == 0 && hasDownLink(plane)
                    ? downLink(plane)
                    : link(plane, t0Index, random.nextInt(t1));
            boolean exclusion = random.nextInt(4) != 0;
            long ts = startNs + k * stepNs;
            events.add(new ExclusionEvent(
                    host(random.nextInt(hosts())),
                    k + 1,
                    ts,
                    ts / 1_000_000,
                    1000 + random.nextInt(4096),
                    random.nextInt(64),
                    plane,
                    List.of(through),
                    exclusion ? "GOOD" : "ASSUMED_BAD",
                    exclusion ? "ASSUMED_BAD" : "GOOD",
                    TelemetrySchema.EXCLUSION_REASONS.get(exclusion ? random.nextInt(2) : 2)));
        }
        return List.copyOf(events);
    }

    private static LoadSpread spread(double[] values, int n) {
        if (n == 0) {
            return LoadSpread.NONE;
        }
        double[] sorted = java.util.Arrays.copyOf(values, n);
        java.util.Arrays.sort(sorted);
        double sum = 0;
        for (double v : sorted) {
            sum += v;
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : sorted) {
            squares += (v - mean) * (v - mean);
        }
        return new LoadSpread(sorted[0], sorted[n / 2], sorted[n - 1], mean, Math.sqrt(squares / n) / mean);
    }

    /** A source that answers the one snapshot it was given (no ingest, no alarms engine). */
    public static Source fixedSource(FabricSnapshot snapshot) {
        Source source = new Source();
        source.set(snapshot);
        return source;
    }

    /** A source that answers the snapshot it was last given: a fabric that moves on when told (benchmarks, tests). */
    public static final class Source implements SnapshotSource {
        private volatile FabricSnapshot snapshot = FabricSnapshot.empty();
        private volatile AlarmThresholds thresholds = AlarmThresholds.defaults();

        public void set(FabricSnapshot newest) {
            snapshot = newest;
        }

        @Override
        public FabricSnapshot latest() {
            return snapshot;
        }

        @Override
        public AlarmThresholds thresholds() {
            return thresholds;
        }

        @Override
        public void setThresholds(AlarmThresholds value) {
            thresholds = value;
        }
    }
}
