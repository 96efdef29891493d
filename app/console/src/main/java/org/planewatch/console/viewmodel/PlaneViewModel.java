package org.planewatch.console.viewmodel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.LinkKind;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.Freshness;
import org.planewatch.console.state.NaturalOrder;
import org.planewatch.console.state.Units;
import org.planewatch.console.state.localize.Suspect;

/**
 * One plane's two-tier Clos: T1 switches above, T0 switches below, each T0-T1 link colored by the
 * chosen metric, host links folded into one last-hop bar per T0. Large planes switch to a T0 x T1
 * matrix.
 */
public final class PlaneViewModel {
    /** Above this many core links the rows layout is unreadable and the view draws a matrix. */
    public static final int MATRIX_THRESHOLD = 256;

    /**
     * A T0-T1 link ready to draw: {@code intensity} is 0..1 on the metric's scale, 0 for a down link
     * (down is not a degree of load: the view draws it apart from the scale); {@code suspected}
     * when the exclusion decisions name it (ADR 0095), whatever its own counters say.
     */
    public record LinkCell(
            String id,
            int t0,
            int t1,
            double value,
            double intensity,
            boolean up,
            boolean stale,
            boolean highlighted,
            String label,
            String fault,
            boolean suspected) {}

    /** Per T0: the busiest of its host links on the same metric; {@code suspected} host links named by the decisions. */
    public record LastHop(int t0, double value, double intensity, int hostLinks, int down, int faulty, int suspected) {}

    /**
     * The plane as laid out. In a matrix {@code grid} holds every T0-T1 link and {@code links} only
     * those drawn apart (down, suspected, selected, with a fault): a full-scale plane has 131,072
     * links, too many for a record each at every snapshot (ADR 0104).
     */
    public record Layout(
            int plane,
            List<String> t0,
            List<String> t1,
            List<LinkCell> links,
            List<LastHop> lastHop,
            boolean matrix,
            String spreadText,
            String spreadTip,
            double[] coreUtilizations,
            Freshness freshness,
            Set<String> suspectedSwitches,
            List<String> suspects,
            LinkMatrix grid) {
        public static final Layout EMPTY = new Layout(
                -1,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                false,
                "",
                "",
                new double[0],
                Freshness.CONNECTING,
                Set.of(),
                List.of(),
                LinkMatrix.EMPTY);

        public Optional<LinkCell> link(String id) {
            return links.stream().filter(l -> l.id().equals(id)).findFirst();
        }
    }

    private final IntegerProperty plane = new SimpleIntegerProperty(0);
    private final ObjectProperty<LinkMetric> metric = new SimpleObjectProperty<>(LinkMetric.UTILIZATION);
    private final ReadOnlyObjectWrapper<Layout> layout = new ReadOnlyObjectWrapper<>(Layout.EMPTY);
    private final ReadOnlyObjectWrapper<List<Integer>> planes = new ReadOnlyObjectWrapper<>(List.of());
    private FabricSnapshot snapshot = FabricSnapshot.empty();
    private Set<String> highlighted = Set.of();
    /** Where layouts are computed and where they are published (the UI thread); direct until told. */
    private Executor compute = Runnable::run;

    private Executor publish = Runnable::run;
    private final AtomicReference<Request> pending = new AtomicReference<>();
    private long requested;
    private long published;

    /** What one layout is computed from: taken on the UI thread, read on the computing one. */
    private record Request(
            long sequence, FabricSnapshot snapshot, Set<String> highlighted, int plane, LinkMetric metric) {}

    PlaneViewModel() {
        plane.addListener((o, a, b) -> rebuild());
        metric.addListener((o, a, b) -> rebuild());
    }

    public IntegerProperty planeProperty() {
        return plane;
    }

    public ObjectProperty<LinkMetric> metricProperty() {
        return metric;
    }

    public ReadOnlyObjectProperty<Layout> layoutProperty() {
        return layout.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Integer>> planesProperty() {
        return planes.getReadOnlyProperty();
    }

    /**
     * Lays planes out on {@code background} and publishes each layout on {@code ui} (ADR 0104): a
     * full-scale plane takes tens of milliseconds to lay out, more than a frame. Requests made while
     * one is computed are coalesced to the newest.
     */
    public void computeOn(Executor background, Executor ui) {
        this.compute = background;
        this.publish = ui;
    }

    /** Whether the layout shown is the one last asked for (benchmarks and tests wait on it). */
    public boolean upToDate() {
        return published == requested;
    }

    /** How many layouts have been asked for so far (on the UI thread). */
    public long layoutsAsked() {
        return requested;
    }

    /**
     * Whether the layout shown is the {@code asked}-th or a later one: unlike {@link #upToDate}, true
     * once it was shown though newer snapshots keep asking for layouts (a busy fleet, every frame).
     */
    public boolean shows(long asked) {
        return published >= asked;
    }

    void update(FabricSnapshot newSnapshot, Set<String> highlightedLinks) {
        this.snapshot = newSnapshot;
        this.highlighted = highlightedLinks;
        updatePlaneList(newSnapshot);
        rebuild();
    }

    /** Keeps the plane list current (filters and menus use it) without laying out the plane. */
    void updatePlaneList(FabricSnapshot newSnapshot) {
        List<Integer> ids =
                newSnapshot.planes().stream().map(PlaneSummary::plane).toList();
        if (!ids.equals(planes.get())) {
            planes.set(ids);
        }
    }

    /** Hover text for a link: both ends, every metric. */
    public String describe(String linkId) {
        return snapshot.link(linkId).map(PlaneViewModel::describe).orElse(linkId);
    }

    /** Hover text for a link of the matrix: both ends, every metric. */
    public static String describe(LinkState link) {
        return String.format(
                Locale.ROOT,
                "%s%s%nutilization %s (%s of %s)%ntrims %s pkt/s  ECN %s pkt/s  drops %s pkt/s%n"
                        + "receive errors %s pkt/s  lost between the ends %s pkt/s%s",
                link.id(),
                link.up() ? "" : "  DOWN",
                Units.percent(link.utilization()),
                Units.bits(link.bitsPerSecond()),
                Units.bits(link.capacityBps()),
                Units.count(link.trimRate()),
                Units.count(link.ecnRate()),
                Units.count(link.dropRate()),
                Units.count(link.errorRate()),
                Units.count(link.lossRate()),
                link.freshness() == Freshness.LIVE
                        ? ""
                        : System.lineSeparator() + link.freshness() + ": values are old");
    }

    private void rebuild() {
        Request request = new Request(++requested, snapshot, highlighted, plane.get(), metric.get());
        if (pending.getAndSet(request) == null) {
            compute.execute(this::computeNewest);
        }
    }

    private void computeNewest() {
        Request request = pending.getAndSet(null);
        if (request == null) {
            return;
        }
        Layout computed = layOut(request);
        publish.execute(() -> {
            if (request.sequence() > published) {
                published = request.sequence();
                layout.set(computed);
            }
        });
    }

    private static Layout layOut(Request request) {
        FabricSnapshot snapshot = request.snapshot();
        Set<String> highlighted = request.highlighted();
        int p = request.plane();
        LinkMetric m = request.metric();
        // Switches in natural name order: the plane's T0s and T1s as the snapshot classed them (from
        // LLDP or names), whatever the names look like.
        // Collected in hash sets and sorted once: a full-scale plane names each switch hundreds of times,
        // and a sorted set compared names in natural order at every link (seconds per layout).
        Set<String> t0 = new java.util.HashSet<>();
        Set<String> t1 = new java.util.HashSet<>();
        // Sized for a plane's share at once: grown from ten, a full-scale plane's list was copied 20 times.
        List<LinkState> core = new ArrayList<>(
                snapshot.links().size() / Math.max(1, snapshot.planes().size()));
        // By T0 in a hash map, put in name order once the T0s are sorted: a map sorted by natural order
        // compared names at every host link (8,192 a plane at 8,192 hosts), most of a click's layout.
        Map<String, List<LinkState>> hostLinks = new java.util.HashMap<>();
        for (LinkState link : snapshot.links()) {
            if (link.plane() != p) {
                continue;
            }
            if (link.kind() == LinkKind.T0_T1) {
                t0.add(link.lowerEnd());
                t1.add(link.upperEnd());
                core.add(link);
            } else {
                t0.add(link.upperEnd());
                hostLinks
                        .computeIfAbsent(link.upperEnd(), i -> new ArrayList<>())
                        .add(link);
            }
        }
        snapshot.switches().stream().filter(s -> s.plane() == p).forEach(s -> (s.tier() == 0 ? t0 : t1).add(s.name()));
        Set<String> suspectedLinks = new java.util.HashSet<>();
        Set<String> suspectedSwitches = new java.util.HashSet<>();
        List<String> suspects = new ArrayList<>();
        for (Suspect suspect : snapshot.suspects()) {
            if (suspect.plane() == p) {
                (suspect.kind() == Suspect.Kind.LINK ? suspectedLinks : suspectedSwitches).add(suspect.name());
                suspects.add(suspect.describe());
            }
        }
        List<String> t0Names = t0.stream().sorted(NaturalOrder.INSTANCE).toList();
        List<String> t1Names = t1.stream().sorted(NaturalOrder.INSTANCE).toList();
        Map<String, Integer> t0Index = indexes(t0Names);
        Map<String, Integer> t1Index = indexes(t1Names);
        double scale = m.isAbsolute() ? 1 : Math.max(1e-9, max(core, m, hostLinks));
        boolean matrix = core.size() > MATRIX_THRESHOLD;
        LinkMatrix grid =
                matrix ? grid(core, t0Index, t1Index, m, scale, highlighted, suspectedLinks) : LinkMatrix.EMPTY;
        List<LinkCell> cells = new ArrayList<>(matrix ? 64 : core.size());
        for (LinkState link : core) {
            if (matrix
                    && link.up()
                    && !highlighted.contains(link.id())
                    && !suspectedLinks.contains(link.id())
                    && !LinkMetric.hasFault(link)) {
                // In a matrix only the links drawn apart are cells; the grid has the rest.
                continue;
            }
            double value = m.value(link);
            cells.add(new LinkCell(
                    link.id(),
                    t0Index.getOrDefault(link.lowerEnd(), -1),
                    t1Index.getOrDefault(link.upperEnd(), -1),
                    value,
                    intensity(value, scale, link, m),
                    link.up(),
                    link.freshness() != Freshness.LIVE,
                    highlighted.contains(link.id()),
                    m.format(value),
                    LinkMetric.faultLabel(link),
                    suspectedLinks.contains(link.id())));
        }
        // Drawn last, on top of the others: what the operator selected, then what is suspected, then
        // what is down, then the hottest.
        cells.sort(Comparator.comparing(LinkCell::highlighted)
                .thenComparing(LinkCell::suspected)
                .thenComparing(c -> !c.up())
                .thenComparing(LinkCell::intensity));
        List<LastHop> lastHop = new ArrayList<>(hostLinks.size());
        for (String t0Name : t0Names) {
            List<LinkState> links = hostLinks.get(t0Name);
            if (links == null) {
                continue;
            }
            double worst = links.stream()
                    .mapToDouble(m::value)
                    .filter(v -> !Double.isNaN(v))
                    .max()
                    .orElse(Double.NaN);
            lastHop.add(new LastHop(
                    t0Index.getOrDefault(t0Name, -1),
                    worst,
                    Double.isNaN(worst) ? 0 : Math.min(1, worst / scale),
                    links.size(),
                    (int) links.stream().filter(l -> !l.up()).count(),
                    (int) links.stream().filter(LinkMetric::hasFault).count(),
                    (int) links.stream()
                            .filter(l -> suspectedLinks.contains(l.id()))
                            .count()));
        }
        double[] utilizations = sortedUtilizations(core);
        PlaneSummary summary = snapshot.plane(p).orElse(null);
        String spread = summary == null || Double.isNaN(summary.coreSpread().mean())
                ? "core load spread: no data"
                : String.format(
                        Locale.ROOT,
                        "core load spread over %d links: min %s  median %s  max %s  (cv %s)",
                        utilizations.length,
                        Units.utilization(summary.coreSpread().min()),
                        Units.utilization(summary.coreSpread().median()),
                        Units.utilization(summary.coreSpread().max()),
                        // No spread to measure (a fleet whose links are not all in yet): said as a dash.
                        Double.isNaN(summary.coreSpread().coefficientOfVariation())
                                ? "–"
                                : String.format(
                                        Locale.ROOT,
                                        "%.2f",
                                        summary.coreSpread().coefficientOfVariation()));
        String spreadTip =
                summary == null || !Units.overCapacity(summary.coreSpread().max())
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "The busiest link measured %.1f %% of its capacity, shown as 100 %%: a rate from two counter"
                                        + " readings can exceed what the link carries by the packets still on the wire"
                                        + " when it was sampled.",
                                summary.coreSpread().max() * 100);
        return new Layout(
                p,
                t0Names,
                t1Names,
                List.copyOf(cells),
                List.copyOf(lastHop),
                matrix,
                spread,
                spreadTip,
                utilizations,
                summary == null ? Freshness.CONNECTING : summary.freshness(),
                Set.copyOf(suspectedSwitches),
                List.copyOf(suspects),
                grid);
    }

    /**
     * The utilizations of the links that are up, ascending. A loop into one array, not a sorted
     * stream: at full scale a plane has 131,072 core links, laid out again as they change, and the
     * stream's growing buffers were a third of what the console allocated (ADR 0146).
     */
    private static double[] sortedUtilizations(List<LinkState> core) {
        double[] values = new double[core.size()];
        int n = 0;
        for (LinkState link : core) {
            double u = link.utilization();
            if (link.up() && !Double.isNaN(u)) {
                values[n++] = u;
            }
        }
        Arrays.sort(values, 0, n);
        return n == values.length ? values : Arrays.copyOf(values, n);
    }

    private static Map<String, Integer> indexes(List<String> names) {
        Map<String, Integer> index = new java.util.HashMap<>(names.size() * 2);
        for (int i = 0; i < names.size(); i++) {
            index.put(names.get(i), i);
        }
        return index;
    }

    private static LinkMatrix grid(
            List<LinkState> core,
            Map<String, Integer> t0Index,
            Map<String, Integer> t1Index,
            LinkMetric metric,
            double scale,
            Set<String> highlighted,
            Set<String> suspectedLinks) {
        int rows = t0Index.size();
        int columns = t1Index.size();
        float[] intensity = new float[rows * columns];
        byte[] flags = new byte[rows * columns];
        LinkState[] links = new LinkState[rows * columns];
        for (LinkState link : core) {
            int row = t0Index.getOrDefault(link.lowerEnd(), -1);
            int column = t1Index.getOrDefault(link.upperEnd(), -1);
            if (row < 0 || column < 0) {
                continue;
            }
            int cell = row * columns + column;
            boolean stale = link.freshness() != Freshness.LIVE;
            int f = LinkMatrix.PRESENT;
            f |= !link.up() && !stale ? LinkMatrix.DOWN : 0;
            f |= stale ? LinkMatrix.STALE : 0;
            f |= suspectedLinks.contains(link.id()) ? LinkMatrix.SUSPECTED : 0;
            f |= highlighted.contains(link.id()) ? LinkMatrix.SELECTED : 0;
            f |= LinkMetric.hasFault(link) ? LinkMatrix.FAULT : 0;
            flags[cell] = (byte) f;
            intensity[cell] = (float) intensity(metric.value(link), scale, link, metric);
            links[cell] = link;
        }
        return new LinkMatrix(rows, columns, intensity, flags, links);
    }

    /**
     * Labels for a matrix axis of {@code names} (switches in order) with room for at most {@code
     * room} labels: each switch by its name while they fit, else consecutive runs by the first and last
     * name ("t0-0…t0-15"), the plane prefix shortened away since the view names the plane.
     */
    public static List<AxisLabel> axisLabels(List<String> names, int room) {
        int per = Math.max(1, (int) Math.ceil(names.size() / (double) Math.max(1, room)));
        List<AxisLabel> labels = new ArrayList<>();
        for (int from = 0; from < names.size(); from += per) {
            int to = Math.min(names.size(), from + per) - 1;
            String first = shortName(names.get(from));
            labels.add(new AxisLabel(from, to, from == to ? first : first + "…" + shortName(names.get(to))));
        }
        return labels;
    }

    /** One label on a matrix axis: the switches from index {@code from} to {@code to}, inclusive. */
    public record AxisLabel(int from, int to, String text) {}

    /** "p2-t0-13" as "t0-13": the plane is named once, above the matrix. */
    static String shortName(String name) {
        int dash = name.indexOf('-');
        return dash > 0 && name.matches("p\\d+-.*") ? name.substring(dash + 1) : name;
    }

    private static double intensity(double value, double scale, LinkState link, LinkMetric metric) {
        if (!link.up()) {
            return 0;
        }
        if (Double.isNaN(value)) {
            return 0;
        }
        return metric == LinkMetric.UTILIZATION ? Math.min(1, value) : Math.min(1, value / scale);
    }

    private static double max(List<LinkState> core, LinkMetric metric, Map<String, List<LinkState>> hostLinks) {
        double max = 0;
        for (LinkState link : core) {
            double v = metric.value(link);
            if (!Double.isNaN(v)) {
                max = Math.max(max, v);
            }
        }
        for (List<LinkState> links : hostLinks.values()) {
            for (LinkState link : links) {
                double v = metric.value(link);
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        return max;
    }
}
