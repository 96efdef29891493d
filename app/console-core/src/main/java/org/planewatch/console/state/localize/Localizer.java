package org.planewatch.console.state.localize;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names the links and switches the endpoints' exclusion decisions point at, by network tomography
 * over the paths the decisions name (ADR 0095). Fed every decision the store takes, on the state
 * owner thread, live and in replay alike; {@link #rank} gives the suspects at an instant.
 *
 * <p>Evidence, per path (source, host, QP, EV): out of service now (retired, denied, no verdict)
 * counts 1 against every element it crosses until the path comes back; a retirement by the NIC
 * adds a retirement that fades with {@link LocalizerSettings#halfLifeMillis}; a re-admission adds
 * a fading "good" that counts against the elements it crosses. A path that comes back after its
 * probes went unanswered (a long outage, the fault healed) takes its retirement back; one that
 * comes back at once keeps it: repeated short retire/re-admit cycles are how a gray link shows.
 * Unless an element it crosses relapsed (long outages through it ended, then began again: it
 * flaps): then a long outage keeps its retirement too, and those taken back count again.
 * Weights use forward decay (each is stored scaled to a landmark instant), so every sum per
 * element is kept as decisions come: a decision costs the elements of its path, a ranking the
 * elements with evidence plus the paths of the suspects it names.
 *
 * <p>Not thread-safe: the state owner thread only.
 */
public final class Localizer {
    private static final String GOOD = "GOOD";
    private static final String DENIED = "DENIED";
    /** The NIC's back-off reached its cap with no probe answered (mrc_ctl.h UNKNOWN). */
    private static final String GIVEN_UP = "UNKNOWN";
    /** Weights are re-scaled to a new landmark before 2^this overflows a double's range. */
    private static final double MAX_HALVINGS = 512;
    /** A path whose failing weight is below this no longer counts as failing. */
    private static final double NEGLIGIBLE = 0.05;

    private static final int FABRIC_LINK = 0;
    private static final int HOST_LINK = 1;
    private static final int CORE_SWITCH = 2;
    private static final int EDGE_SWITCH = 3;

    private record PathKey(String source, String host, long qpn, int ev) {}

    private static final class PathRecord {
        final PathKey key;
        final List<String> links;
        final Element[] elements;
        final int[] slots;
        boolean out;
        /** Agent time of the newest decision applied to this path. */
        long lastTimestampNs = Long.MIN_VALUE;
        /**
         * Probes that went unanswered in this outage; {@link LocalizerSettings#longOutageProbes} of
         * them (or the NIC giving up on a verdict, or a denial) make it a long outage, not a blip.
         */
        int unanswered;
        /** Retirement weight, scaled to the landmark. */
        double soft;
        /** Re-admission weight, scaled to the landmark. */
        double good;
        /** Retirement weight its long outages took back (scaled): given back if an element of it relapses. */
        double mended;

        int explainedIn;

        PathRecord(PathKey key, List<String> links, Element[] elements) {
            this.key = key;
            this.links = links;
            this.elements = elements;
            this.slots = new int[elements.length];
        }
    }

    private static final class Element {
        final Suspect.Kind kind;
        final String name;
        final int plane;
        int role;
        int out;
        double soft;
        double good;
        PathRecord[] paths = new PathRecord[4];
        int size;
        /** Switches: the links with this switch at one end. Links: the switches at their ends. */
        final List<Element> adjacent = new ArrayList<>(2);

        /** Long outages through it that ended (their paths came back), fading, scaled to the landmark. */
        double recovered;
        /** Long outages through it that began while {@link #recovered} still weighed: it fails again. */
        double relapses;

        long firstSeenNs;
        // scratch of one ranking
        double gain;
        double score;
        int pickedIn;

        Element(Suspect.Kind kind, String name, int plane, int role) {
            this.kind = kind;
            this.name = name;
            this.plane = plane;
            this.role = role;
        }

        int add(PathRecord path) {
            if (size == paths.length) {
                paths = Arrays.copyOf(paths, size * 2);
            }
            paths[size] = path;
            return size++;
        }

        /** Removes the path at {@code slot}, moving the last one into its place. */
        void remove(int slot) {
            PathRecord moved = paths[--size];
            paths[size] = null;
            if (slot != size) {
                paths[slot] = moved;
                for (int i = 0; i < moved.elements.length; i++) {
                    if (moved.elements[i] == this) {
                        moved.slots[i] = slot;
                    }
                }
            }
        }
    }

    private final LocalizerSettings settings;
    private final FabricElements fabric;
    /** In access order: the first is the path touched least recently, evicted first. */
    private final LinkedHashMap<PathKey, PathRecord> paths = new LinkedHashMap<>(256, 0.75f, true);
    /** Insertion order, so that a ranking walks them the same way on the same decisions. */
    private final Map<String, Element> links = new LinkedHashMap<>();

    private final Map<String, Element> switches = new LinkedHashMap<>();
    private long landmarkMillis = Long.MIN_VALUE;
    private long decisions;
    private long rankedDecisions = -1;
    private long rankedAtMillis;
    private List<Suspect> ranked = List.of();
    private int ranking;

    public Localizer(LocalizerSettings settings, FabricElements fabric) {
        this.settings = settings;
        this.fabric = fabric;
    }

    /** Takes one decision (in arrival order). */
    public void observe(PathDecision d) {
        if (d.links().isEmpty()) {
            return;
        }
        decisions++;
        long t = d.arrivalMillis();
        if (landmarkMillis == Long.MIN_VALUE) {
            landmarkMillis = t;
        } else if (halvings(t) > MAX_HALVINGS) {
            rescale(t);
        }
        double w = Math.pow(2, halvings(t));
        PathKey key = new PathKey(d.source(), d.host(), d.qpn(), d.ev());
        PathRecord p = paths.get(key);
        if (p != null && !p.links.equals(d.links())) {
            paths.remove(key);
            detach(p);
            p = null;
        }
        if (p == null) {
            p = attach(key, d);
            paths.put(key, p);
        }
        boolean fromGood = GOOD.equals(d.fromState());
        if (d.timestampNs() < p.lastTimestampNs) {
            // Older than a decision this path already took: decisions complete in the order their last
            // leaf arrives (the agent sends a decision's timestamp late about one time in twelve), not
            // the order the NIC took them. It says nothing of the path now; counted as a blip, a late
            // retirement made the neighbours of a link that had just come back look gray.
            evict(w);
            return;
        }
        p.lastTimestampNs = d.timestampNs();
        if (!GOOD.equals(d.toState())) {
            failure(p, d, w);
            if (!p.out) {
                setGood(p, 0);
                setOut(p, true);
                // Out without a retirement seen: the retirement is older than what this store was given.
                p.unanswered = fromGood ? 0 : settings.longOutageProbes();
                if (fromGood && !DENIED.equals(d.toState())) {
                    setSoft(p, p.soft + w);
                }
            } else {
                boolean wasLong = p.unanswered >= settings.longOutageProbes();
                if (GIVEN_UP.equals(d.toState())) {
                    p.unanswered = settings.longOutageProbes(); // the NIC gave up on a verdict: no blip
                } else {
                    // Still out: a probe went unanswered. One or two also happen on a gray link (at 20 % loss
                    // a probe or its answer is lost one time in three); a hard failure leaves every probe of
                    // the back-off unanswered.
                    p.unanswered++;
                }
                if (!wasLong && p.unanswered >= settings.longOutageProbes()) {
                    longOutageBegan(p, w);
                }
            }
        } else if (fromGood) {
            failure(p, d, w); // the min-active guard refused a retirement: a loss seen, the path stays in service
            setSoft(p, p.soft + w);
        } else {
            if (p.unanswered >= settings.longOutageProbes() || DENIED.equals(d.fromState())) {
                if (!relapsing(p, w)) {
                    p.mended += p.soft;
                    setSoft(p, 0); // a long outage ended: whatever failed is mended
                }
                for (Element e : p.elements) {
                    e.recovered += w;
                }
            }
            setOut(p, false);
            p.unanswered = 0;
            setGood(p, p.good + w);
        }
        evict(w);
    }

    /**
     * A path's outage became long (its probes went unanswered): through an element whose long
     * outages ended recently, that is a relapse (a flap), not a first failure. Counted per element,
     * not per path: each down phase of a flap retires mostly other EVs (only those carrying a packet
     * then notice), so a path seldom repeats its outage.
     */
    private void longOutageBegan(PathRecord p, double nowWeight) {
        for (Element e : p.elements) {
            if (e.recovered > NEGLIGIBLE * nowWeight) {
                boolean before = relapsed(e, nowWeight);
                e.relapses += nowWeight;
                if (!before && relapsed(e, nowWeight)) {
                    giveBackMended(e);
                }
            }
        }
    }

    /**
     * An element relapsed: the retirements its paths' long outages took back were not mended after
     * all; they count again (once: a later relapse finds nothing left to give back).
     */
    private static void giveBackMended(Element e) {
        for (int i = 0; i < e.size; i++) {
            PathRecord p = e.paths[i];
            if (p.mended > 0) {
                setSoft(p, p.soft + p.mended);
                p.mended = 0;
            }
        }
    }

    /**
     * Whether an element of the path relapsed: long outages through it ended, then began again (it
     * flaps) in a number at least {@link LocalizerSettings#relapseShare} of those that ended.
     *
     * <p>Why (ADR 0095, addendum of 2026-11-26): an element's gain sums over its paths +1 for one out
     * now, its retirements, and -0.5 for a re-admission. A flap is a hard outage each time, so
     * "mended when it comes back" took each retirement back and left every path that came back
     * worth -0.5, less than one that never failed. In an up phase the flapping link crosses all of
     * those; another uplink of its spine, or a host link under its T0, crosses a few, and where the
     * few are rich in paths still out (their probe fell in the next down phase) or retired late in a
     * down phase (back after one or two unanswered probes as the link came up: kept, as blips), the
     * part outscored the whole. Greedy explanation assumes that a superset of failing paths carries
     * at least as much evidence: it named the sibling and explained the flapping link's evidence
     * away, or named nothing. And the link's own retirements, taken back each cycle, could not add up
     * across cycles as they decay. Kept, they outweigh the re-admissions as a gray link's do (+0.5 a
     * path), the flapping link is again the best-scored superset, and the links that share some of
     * its paths are explained away with them.
     *
     * <p>The share keeps one unrelated long outage from being a relapse of an element dozens of the
     * paths of a healed fault crossed (a host link under a rebooted spine): that would give the
     * healed spine its retirements back.
     */
    private boolean relapsing(PathRecord p, double nowWeight) {
        for (Element e : p.elements) {
            if (relapsed(e, nowWeight)) {
                return true;
            }
        }
        return false;
    }

    private boolean relapsed(Element e, double nowWeight) {
        return e.relapses > NEGLIGIBLE * nowWeight && e.relapses >= settings.relapseShare() * e.recovered;
    }

    /** Paths tracked now (at most {@link LocalizerSettings#maxPaths}). */
    public int pathCount() {
        return paths.size();
    }

    /** Links and switches tracked now: those some tracked path crosses. */
    public int elementCount() {
        return links.size() + switches.size();
    }

    /**
     * The suspects at {@code nowMillis} (store clock), best first: greedy explanation (each pick
     * takes the paths it explains away from every other element) over the elements whose evidence
     * exceeds their peers'.
     */
    public List<Suspect> rank(long nowMillis) {
        if (decisions == rankedDecisions && nowMillis == rankedAtMillis) {
            return ranked;
        }
        rankedDecisions = decisions;
        rankedAtMillis = nowMillis;
        ranked = links.isEmpty() ? List.of() : computeRanking(nowMillis);
        return ranked;
    }

    private List<Suspect> computeRanking(long nowMillis) {
        double factor = Math.pow(2, -halvings(nowMillis));
        List<Element> all = new ArrayList<>(links.size() + switches.size());
        all.addAll(links.values());
        all.addAll(switches.values());
        Map<Integer, List<Double>> peers = new HashMap<>();
        for (Element e : all) {
            double cycles = Math.max(0, e.soft) * factor - settings.goodWeight() * Math.max(0, e.good) * factor;
            e.gain = e.out + cycles;
            // The noise floor is what the background gives: retire/re-admit cycles. Paths out now are
            // not background, and only elements with evidence are tracked: with the paths out in it, a
            // clean fault set the floor of its own group (the one spine of a plane, or its 8 links).
            peers.computeIfAbsent(group(e), g -> new ArrayList<>()).add(Math.max(0, cycles));
        }
        Map<Integer, Double> baseline = new HashMap<>();
        peers.forEach((group, gains) -> baseline.put(group, median(gains)));
        for (Element e : all) {
            e.score = e.gain - baseline.get(group(e));
        }
        List<Element> candidates = new ArrayList<>();
        for (Element e : all) {
            if (e.score >= settings.minScore() && (e.kind == Suspect.Kind.LINK || linksAllLookBad(e))) {
                candidates.add(e);
            }
        }
        ranking++;
        List<Suspect> result = new ArrayList<>();
        while (result.size() < settings.maxSuspects()) {
            Element best = null;
            for (Element c : candidates) {
                if (c.pickedIn != ranking
                        && (best == null
                                || c.score > best.score
                                || c.score == best.score && c.name.compareTo(best.name) < 0)) {
                    best = c;
                }
            }
            if (best == null || best.score < settings.minScore()) {
                break;
            }
            Element chosen = best.kind == Suspect.Kind.SWITCH ? linkThatExplains(best) : best;
            result.add(explain(chosen, factor));
        }
        result.sort(Comparator.comparingDouble(Suspect::score).reversed().thenComparing(Suspect::name));
        return List.copyOf(result);
    }

    /**
     * "A switch whose links all look bad": at least two of the links with this switch at one end,
     * and at least half of them, score as suspects on their own. A switch that merely sums its
     * links' small shares of background retirements (an edge switch under many receivers) does not.
     */
    private boolean linksAllLookBad(Element sw) {
        int bad = 0;
        for (Element link : sw.adjacent) {
            if (link.score >= settings.minScore()) {
                bad++;
            }
        }
        return bad >= 2 && 2 * bad >= sw.adjacent.size();
    }

    /** One of the switch's links, when it alone carries most of the switch's evidence; else the switch. */
    private Element linkThatExplains(Element sw) {
        Element best = null;
        for (Element link : sw.adjacent) {
            if (link.pickedIn != ranking && (best == null || link.gain > best.gain)) {
                best = link;
            }
        }
        return best != null && best.gain >= settings.linkOverSwitch() * sw.gain ? best : sw;
    }

    /** Makes {@code e} a suspect and takes the paths it explains away from every element they cross. */
    private Suspect explain(Element e, double factor) {
        e.pickedIn = ranking;
        double score = e.score;
        Set<String> hosts = new HashSet<>();
        int failing = 0;
        int healthy = 0;
        for (int i = 0; i < e.size; i++) {
            PathRecord p = e.paths[i];
            double weight = (p.out ? 1 : 0) + Math.max(0, p.soft) * factor;
            if (!p.out && p.good * factor > NEGLIGIBLE) {
                healthy++;
            }
            if (weight <= NEGLIGIBLE || p.explainedIn == ranking) {
                continue;
            }
            p.explainedIn = ranking;
            failing++;
            hosts.add(p.key.host());
            for (Element x : p.elements) {
                x.gain -= weight;
                x.score -= weight;
            }
        }
        return new Suspect(e.kind, e.name, e.plane, score, hosts.size(), e.firstSeenNs, failing, healthy);
    }

    private static int group(Element e) {
        return e.plane * 4 + e.role;
    }

    private static double median(List<Double> values) {
        values.sort(null);
        int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }

    private double halvings(long atMillis) {
        return (atMillis - landmarkMillis) / (double) settings.halfLifeMillis();
    }

    /**
     * A failure through the path's elements: for one with no path out and less than one recent
     * retirement left, it opens an episode (the suspect's "first seen"); background retirements a
     * few half-lives apart each open one of their own, so an incident is not dated by the last one.
     */
    private void failure(PathRecord p, PathDecision d, double nowWeight) {
        for (Element e : p.elements) {
            if (e.out == 0 && e.soft < nowWeight) {
                e.firstSeenNs = d.timestampNs();
            }
        }
    }

    private static void setOut(PathRecord p, boolean out) {
        if (p.out != out) {
            p.out = out;
            for (Element e : p.elements) {
                e.out += out ? 1 : -1;
            }
        }
    }

    private static void setSoft(PathRecord p, double soft) {
        double delta = soft - p.soft;
        if (delta != 0) {
            p.soft = soft;
            for (Element e : p.elements) {
                e.soft += delta;
            }
        }
    }

    private static void setGood(PathRecord p, double good) {
        double delta = good - p.good;
        if (delta != 0) {
            p.good = good;
            for (Element e : p.elements) {
                e.good += delta;
            }
        }
    }

    private PathRecord attach(PathKey key, PathDecision d) {
        List<Element> elements = new ArrayList<>(d.links().size() * 2);
        List<Element> ends = new ArrayList<>(2 * d.links().size());
        for (String name : d.links()) {
            Element link = links.get(name);
            if (link == null) {
                link = new Element(Suspect.Kind.LINK, name, d.plane(), FABRIC_LINK);
                links.put(name, link);
                List<String> devices = fabric.ends(name);
                boolean hostLink = devices.stream().anyMatch(fabric::isHost);
                link.role = hostLink ? HOST_LINK : FABRIC_LINK;
                for (String device : devices) {
                    if (fabric.isSwitch(device)) {
                        Element sw = switches.computeIfAbsent(
                                device, n -> new Element(Suspect.Kind.SWITCH, n, d.plane(), CORE_SWITCH));
                        if (hostLink) {
                            sw.role = EDGE_SWITCH;
                        }
                        sw.adjacent.add(link);
                        link.adjacent.add(sw);
                    }
                }
            }
            if (!elements.contains(link)) {
                elements.add(link);
            }
            for (Element sw : link.adjacent) {
                if (!ends.contains(sw)) {
                    ends.add(sw);
                }
            }
        }
        elements.addAll(ends);
        PathRecord p = new PathRecord(key, d.links(), elements.toArray(Element[]::new));
        for (int i = 0; i < p.elements.length; i++) {
            p.slots[i] = p.elements[i].add(p);
        }
        return p;
    }

    private void detach(PathRecord p) {
        setOut(p, false);
        setSoft(p, 0);
        setGood(p, 0);
        for (int i = 0; i < p.elements.length; i++) {
            Element e = p.elements[i];
            e.remove(p.slots[i]);
            if (e.size == 0) {
                forget(e);
            }
        }
    }

    private void forget(Element e) {
        if (e.kind == Suspect.Kind.LINK) {
            links.remove(e.name);
            for (Element sw : e.adjacent) {
                sw.adjacent.remove(e);
            }
        } else {
            switches.remove(e.name);
            for (Element link : e.adjacent) {
                link.adjacent.remove(e);
            }
        }
    }

    /**
     * Beyond the bound, the path touched least recently goes; so do up to two of the oldest that
     * no longer weigh anything (in service, their retirements and re-admissions faded), which keeps
     * the table to the paths with evidence without a sweep.
     */
    private void evict(double nowWeight) {
        Iterator<PathRecord> oldest = paths.values().iterator();
        int faded = 0;
        while (oldest.hasNext()) {
            PathRecord p = oldest.next();
            boolean over = paths.size() > settings.maxPaths();
            boolean weightless = !p.out && (p.soft + p.good) < NEGLIGIBLE / 16 * nowWeight;
            if (!over && (!weightless || faded >= 2)) {
                return;
            }
            faded += over ? 0 : 1;
            oldest.remove();
            detach(p);
        }
    }

    /** Moves the landmark to {@code t}; the sums per element are rebuilt from the paths (drift goes too). */
    private void rescale(long t) {
        double factor = Math.pow(2, -(t - landmarkMillis) / (double) settings.halfLifeMillis());
        landmarkMillis = t;
        for (Element e : links.values()) {
            e.soft = 0;
            e.good = 0;
            e.recovered *= factor;
            e.relapses *= factor;
        }
        for (Element e : switches.values()) {
            e.soft = 0;
            e.good = 0;
            e.recovered *= factor;
            e.relapses *= factor;
        }
        for (PathRecord p : paths.values()) {
            p.soft *= factor;
            p.good *= factor;
            p.mended *= factor;
            for (Element e : p.elements) {
                e.soft += p.soft;
                e.good += p.good;
            }
        }
    }
}
