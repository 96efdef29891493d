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
 * A full-scale {@link FabricSnapshot} built without a simulator, for tests and benchmarks: 8 planes
 * x 512 T0 x 256 T1 (1,048,576 core links with utilization and trims), 131,072 hosts and 6,144
 * switches by name (137,216 device names, none in detail: a fleet source shows the whole fabric from
 * rollups), an incident (a spine down in plane 3, so its 512 links are down; one more link down in
 * planes 1 and 3; a gray link in plane 5), suspects, alarms and a full history of exclusion events.
 * Names follow the simulator's ({@code p3-t0-17}, {@code host-0042}). Deterministic for a given seed.
 * It is not a live fleet and never claims to be.
 *
 * <p>Its figures agree with each other as a store's would, so that screenshots can be read as a
 * fabric: each host has {@link #EVS_PER_HOST} EVs per plane, sprayed one per T1 in turn (EV k of the
 * r-th host under a T0 crosses T1 (r + 8k) mod T1), so a spine carries hosts x 32 / T1 EVs of as many
 * hosts and a T0-T1 link 32 EVs of 32 hosts; a suspect's failing paths are the EVs through it, the
 * plane's EVs out of service the sum of its suspects', its path health the share still good; the
 * alarms are those the store's alarm engine raises for these planes and suspects; the exclusion
 * decisions end at the snapshot's time and point at the suspects.
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
    /** EVs each host sprays over a plane. */
    public static final int EVS_PER_HOST = 32;
    /** Time between two exclusion decisions of the history: 50 a second, a busy fabric. */
    public static final long EVENT_STEP_MILLIS = 20;

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
        List<Suspect> suspects = suspects();
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
            long evs = (long) hosts() * EVS_PER_HOST;
            long out = 0;
            for (Suspect suspect : suspects) {
                out += suspect.plane() == p ? suspect.failingPaths() : 0;
            }
            summaries.add(new PlaneSummary(
                    p,
                    (double) (evs - out) / evs,
                    evs - out,
                    out,
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
        return new FabricSnapshot(
                version,
                atMillis,
                List.copyOf(summaries),
                List.copyOf(links),
                List.copyOf(switches),
                List.copyOf(hosts),
                events(0),
                suspects,
                alarms(summaries, suspects),
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

    /** EVs through one T1 of a plane: every host's EVs spread evenly over the T1s. */
    private int evsThroughASpine() {
        return hosts() * EVS_PER_HOST / t1;
    }

    /** EVs through one T0-T1 link: those of the T0's hosts that cross that T1. */
    private int evsThroughALink() {
        return HOSTS_PER_T0 * EVS_PER_HOST / t1;
    }

    /**
     * The spine first (its 512 links), then each plane's down link, then the gray link: what an operator
     * would chase. Failing paths are the EVs through the element (all of them when it is down, most
     * for the gray link), one EV per host, so as many hosts.
     */
    private List<Suspect> suspects() {
        long firstSeenNs = (atMillis - 40_000) * 1_000_000;
        List<Suspect> suspects = new ArrayList<>();
        if (planes > DOWN_SPINE_PLANE) {
            suspects.add(new Suspect(
                    Suspect.Kind.SWITCH,
                    sw(DOWN_SPINE_PLANE, 1, DOWN_SPINE % t1),
                    DOWN_SPINE_PLANE,
                    0.97,
                    evsThroughASpine(),
                    firstSeenNs,
                    evsThroughASpine(),
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
                    evsThroughALink(),
                    firstSeenNs + p * 1_000_000_000L,
                    evsThroughALink(),
                    0));
        }
        int grayFailing = Math.max(1, evsThroughALink() * 5 / 8);
        suspects.add(new Suspect(
                Suspect.Kind.LINK,
                grayLink(),
                Math.min(5, planes - 1),
                0.6,
                grayFailing,
                firstSeenNs + 9_000_000_000L,
                grayFailing,
                evsThroughALink() - grayFailing));
        return List.copyOf(suspects);
    }

    /**
     * The alarms the store's alarm engine raises for these planes and suspects (AlarmEngine, same
     * keys, severities and words): a plane with links down, a plane whose path health is under the
     * default threshold, each suspect.
     */
    private List<Alarm> alarms(List<PlaneSummary> summaries, List<Suspect> suspects) {
        AlarmThresholds thresholds = AlarmThresholds.defaults();
        List<Alarm> alarms = new ArrayList<>();
        for (PlaneSummary plane : summaries) {
            if (plane.pathHealth() < thresholds.minPlaneHealth()) {
                alarms.add(new Alarm(
                        "health/" + plane.plane(),
                        Alarm.Kind.PLANE_HEALTH,
                        "plane " + plane.plane(),
                        plane.pathHealth() < thresholds.criticalPlaneHealth()
                                ? Alarm.Severity.CRITICAL
                                : Alarm.Severity.MAJOR,
                        String.format(
                                java.util.Locale.ROOT,
                                "Plane %d path health %.1f%% (threshold %.1f%%): %d EVs out of service",
                                plane.plane(),
                                plane.pathHealth() * 100,
                                thresholds.minPlaneHealth() * 100,
                                plane.evsOutOfService()),
                        atMillis - 38_000,
                        0));
            }
            if (plane.linksDown() > thresholds.maxLinksDown()) {
                alarms.add(new Alarm(
                        "links/" + plane.plane(),
                        Alarm.Kind.LINKS_DOWN,
                        "plane " + plane.plane(),
                        Alarm.Severity.MAJOR,
                        "Plane " + plane.plane() + ": " + plane.linksDown() + " of " + plane.linksTotal()
                                + " links down",
                        atMillis - 38_000 + plane.plane() * 1_000L,
                        0));
            }
        }
        for (Suspect suspect : suspects) {
            alarms.add(new Alarm(
                    "suspect/" + suspect.kind().word() + "/" + suspect.name(),
                    Alarm.Kind.SUSPECT,
                    suspect.name(),
                    Alarm.Severity.MAJOR,
                    suspect.describe(),
                    suspect.firstSeenNs() / 1_000_000 + 2_000,
                    0));
        }
        alarms.sort(java.util.Comparator.comparing(Alarm::severity).reversed().thenComparing(Alarm::key));
        return List.copyOf(alarms);
    }

    /**
     * The same snapshot with the exclusion history moved on by {@code newer} decisions, and its time
     * with it ({@link #EVENT_STEP_MILLIS} a decision): the oldest leave as the newest arrive, as in a
     * store whose history is full, and the newest is never later than the snapshot.
     */
    public FabricSnapshot withNewerEvents(FabricSnapshot snapshot, long version, int newer) {
        long first =
                snapshot.events().isEmpty() ? 0 : snapshot.events().getFirst().seq() - 1 + newer;
        long now = timeAfter(first);
        return new FabricSnapshot(
                version,
                now,
                snapshot.planes(),
                snapshot.links(),
                snapshot.switches(),
                snapshot.hosts(),
                events(first),
                snapshot.suspects(),
                snapshot.activeAlarms(),
                snapshot.recentAlarms(),
                snapshot.targets().stream()
                        .map(t -> new TargetStatus(
                                t.source(),
                                t.freshness(),
                                t.phase(),
                                now,
                                t.detail(),
                                t.notifications(),
                                t.devices(),
                                t.behindMillis()))
                        .toList(),
                snapshot.trimHistory(),
                snapshot.ingest(),
                snapshot.trends());
    }

    /** The snapshot's time when its history starts at the {@code first}-th decision: just after the newest. */
    private long timeAfter(long first) {
        return atMillis + first * EVENT_STEP_MILLIS;
    }

    /**
     * {@link #EVENTS} decisions from the {@code first}-th of an endless deterministic sequence, the
     * newest just before {@link #timeAfter}: exclusions on every plane (a background of transient
     * ones), half of plane 3's through its down spine, a third of a plane's through its down link, a
     * tenth of plane 5's through its gray link; re-admissions (probes that came back) never through a
     * link that is down. Each host is one under the T0 its path leaves from.
     */
    private List<ExclusionEvent> events(long first) {
        List<ExclusionEvent> events = new ArrayList<>(EVENTS);
        long newestMillis = timeAfter(first) - EVENT_STEP_MILLIS;
        int grayPlane = Math.min(5, planes - 1);
        int[] gray = ends(grayLink());
        for (long k = first; k < first + EVENTS; k++) {
            SplittableRandom random = new SplittableRandom(k * 0x9E3779B97F4A7C15L);
            int plane = random.nextInt(planes);
            boolean exclusion = random.nextInt(4) != 0;
            int[] ends = {random.nextInt(t0), random.nextInt(t1)};
            if (exclusion && plane == DOWN_SPINE_PLANE && random.nextInt(2) == 0) {
                ends[1] = DOWN_SPINE % t1;
            } else if (exclusion && hasDownLink(plane) && random.nextInt(3) == 0) {
                ends = ends(downLink(plane));
            } else if (exclusion && plane == grayPlane && random.nextInt(10) == 0) {
                ends = gray.clone();
            } else if (!exclusion && !linkUp(plane, ends[0], ends[1])) {
                ends[1] = (ends[1] + 1) % t1;
            }
            long millis = newestMillis - (first + EVENTS - 1 - k) * EVENT_STEP_MILLIS;
            long ts = millis * 1_000_000;
            events.add(new ExclusionEvent(
                    host(ends[0] * HOSTS_PER_T0 + random.nextInt(HOSTS_PER_T0)),
                    k + 1,
                    ts,
                    millis,
                    1000 + random.nextInt(4096),
                    random.nextInt(EVS_PER_HOST),
                    plane,
                    List.of(link(plane, ends[0], ends[1])),
                    exclusion ? "GOOD" : "ASSUMED_BAD",
                    exclusion ? "ASSUMED_BAD" : "GOOD",
                    TelemetrySchema.EXCLUSION_REASONS.get(exclusion ? random.nextInt(2) : 2)));
        }
        return List.copyOf(events);
    }

    /** Whether a core link is up: not on the down spine, not a plane's down link. */
    private boolean linkUp(int plane, int t0Index, int t1Index) {
        return !(plane == DOWN_SPINE_PLANE && t1Index == DOWN_SPINE % t1)
                && !(hasDownLink(plane) && link(plane, t0Index, t1Index).equals(downLink(plane)));
    }

    /** The T0 and T1 indexes of a core link's id. */
    private static int[] ends(String link) {
        String[] names = link.split("~");
        return new int[] {
            Integer.parseInt(names[0].substring(names[0].lastIndexOf('-') + 1)),
            Integer.parseInt(names[1].substring(names[1].lastIndexOf('-') + 1))
        };
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
