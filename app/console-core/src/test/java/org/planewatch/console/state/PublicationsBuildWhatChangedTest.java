package org.planewatch.console.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.state.FabricSnapshot.HostPlanePort;
import org.planewatch.console.state.FabricSnapshot.HostSummary;
import org.planewatch.console.state.FabricSnapshot.IngestStats;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.LoadSpread;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;
import org.planewatch.console.state.FabricSnapshot.PortSummary;
import org.planewatch.console.state.FabricSnapshot.SwitchSummary;
import org.planewatch.console.telemetry.ConnectionPhase;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.ManualClock;
import org.planewatch.console.testing.Notifications;

/**
 * ADR 0123: a publication builds again only the links one of whose ends changed, and adds up the
 * planes' sums from what it keeps of each device; what it publishes is what a walk of everything
 * would give, to the last bit, through devices arriving, ports going down and away, LLDP moving
 * and the topology learnt again.
 */
class PublicationsBuildWhatChangedTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private static final int PLANES = 2;
    private static final int T0S = 3;
    private static final int T1S = 2;
    private static final int HOSTS_PER_T0 = 4;

    private final ManualClock clock = new ManualClock(1_000_000);

    /** The stores fed alike: {@code stores[0]} publishes after every step, the others as the test says. */
    private final List<TelemetryStore> stores = new ArrayList<>();

    /** Everything the stores were fed, in order: a store made later is fed it again. */
    private final List<IngestEvent> history = new ArrayList<>();

    private TelemetryStore store() {
        TelemetryStore store = new TelemetryStore(clock);
        stores.add(store);
        for (String source : List.of("fabric", "hosts")) {
            store.apply(List.of(new IngestEvent.Connection(source, ConnectionPhase.STREAMING, "", clock.millis())));
        }
        return store;
    }

    private void apply(String source, Notifications n) {
        IngestEvent.Notification decoded = NotificationDecoderAccess.decode(source, n.build(), clock.millis());
        history.add(decoded);
        stores.forEach(store -> store.apply(List.of(decoded)));
    }

    /** A store fed everything so far that publishes now for the first time: it adds up every link and plane. */
    private FabricSnapshot walkedOnce() {
        TelemetryStore fresh = new TelemetryStore(clock);
        for (String source : List.of("fabric", "hosts")) {
            fresh.apply(List.of(new IngestEvent.Connection(source, ConnectionPhase.STREAMING, "", 0)));
        }
        fresh.apply(history);
        return fresh.publish(IngestStats.NONE);
    }

    private static String t0(int plane, int i) {
        return "p" + plane + "-t0-" + i;
    }

    private static String t1(int plane, int j) {
        return "p" + plane + "-t1-" + j;
    }

    private static String host(int h) {
        return "host-" + h;
    }

    /** A switch port named after its peer (the name fallback), with counters as of {@code seconds}. */
    private void switchPort(String sw, String peer, long seconds, long rate, long trims, boolean up) {
        String base = "/interfaces/interface[name=" + peer + "]/state";
        apply(
                "fabric",
                Notifications.of(sw, seconds * SECOND_NS)
                        .text(base + "/oper-status", up ? "UP" : "DOWN")
                        .uint(base + "/counters/out-octets", rate * seconds * 4000)
                        .uint(base + "/counters/out-pkts", rate * seconds)
                        .uint(base + "/counters/trim-pkts", trims * seconds));
    }

    /** A host's plane port {@code eth<plane>} and its counters, as of {@code seconds}. */
    private void hostPlane(int h, int plane, long seconds, long rate, long evsGood, long evsBad) {
        String port = "eth" + plane;
        String base = "/interfaces/interface[name=" + port + "]/state";
        String planeBase = "mrc:/planes/plane[id=" + plane + "]/state";
        apply(
                "hosts",
                Notifications.of(host(h), seconds * SECOND_NS)
                        .text(planeBase + "/port-name", port)
                        .uint(planeBase + "/rx-octets", rate * seconds * 4000)
                        .uint(planeBase + "/evs-good", evsGood)
                        .uint(planeBase + "/evs-assumed-bad", evsBad)
                        .text(base + "/oper-status", "UP")
                        .uint(base + "/counters/out-octets", rate * seconds * 4000)
                        .uint(base + "/counters/out-pkts", rate * seconds));
    }

    /** The host's plane port as LLDP tells it: cabled to {@code t0}'s port named after the host. */
    private void hostNeighbor(int h, int plane, String t0) {
        String base = "/lldp/interfaces/interface[name=eth" + plane + "]/neighbors/neighbor[id=1]/state";
        apply(
                "hosts",
                Notifications.of(host(h), 0).text(base + "/system-name", t0).text(base + "/port-id", host(h)));
    }

    /** Every switch port and host plane port reporting once, at {@code seconds}. */
    private void wholeFabric(long seconds) {
        for (int p = 0; p < PLANES; p++) {
            for (int i = 0; i < T0S; i++) {
                for (int j = 0; j < T1S; j++) {
                    switchPort(t0(p, i), t1(p, j), seconds, 1_000 + i + j, 3, true);
                    switchPort(t1(p, j), t0(p, i), seconds, 2_000 + i + j, 5, true);
                }
                for (int k = 0; k < HOSTS_PER_T0; k++) {
                    int h = i * HOSTS_PER_T0 + k;
                    switchPort(t0(p, i), host(h), seconds, 500 + h, 7, true);
                    hostPlane(h, p, seconds, 400 + h, 16, 0);
                }
            }
        }
    }

    @Test
    void aPublicationAfterOneHostReportedAddsUpOnlyThatHostsLink() {
        TelemetryStore store = store();
        wholeFabric(0);
        wholeFabric(1);
        FabricSnapshot first = store.publish(IngestStats.NONE);
        int links = first.links().size();
        assertEquals(PLANES * T0S * (T1S + HOSTS_PER_T0), links);
        assertEquals(links, store.linksAddedUp(), "the first publication adds up every link");

        clock.advance(Duration.ofSeconds(1));
        hostPlane(5, 1, 2, 900, 15, 1);
        FabricSnapshot second = store.publish(IngestStats.NONE);
        // A device is touched as a whole: its port summaries are all new objects, so are its links' states.
        assertEquals(PLANES, store.linksAddedUp(), "only the links of the host that reported, one a plane");
        assertEquals(List.of("host-5~p0-t0-1", "host-5~p1-t0-1"), ids(store.linksChanged()));
        assertEquals(fromScratch(second), second.planes(), "the planes' sums as a walk of everything gives");

        clock.advance(Duration.ofSeconds(1));
        switchPort(t1(0, 1), t0(0, 2), 2, 3_000, 5, true);
        store.publish(IngestStats.NONE);
        assertEquals(T0S, store.linksAddedUp(), "the links of the switch that reported, no other");
        assertEquals(List.of("p0-t0-0~p0-t1-1", "p0-t0-1~p0-t1-1", "p0-t0-2~p0-t1-1"), ids(store.linksChanged()));

        clock.advance(Duration.ofSeconds(1));
        store.publish(IngestStats.NONE);
        assertEquals(0, store.linksAddedUp(), "nothing reported, no freshness changed: no link looked at");
        assertEquals(List.of(), store.linksChanged());
    }

    @Test
    void whatIsKeptAcrossPublicationsIsWhatAWalkOfEverythingGivesThroughRandomChanges() {
        TelemetryStore everyStep = store();
        wholeFabric(0); // every device from the start: the topology is then learnt again only as LLDP moves
        wholeFabric(1);
        Random random = new Random(20261127);
        long seconds = 2;
        for (int step = 0; step < 600; step++) {
            int p = random.nextInt(PLANES);
            int i = random.nextInt(T0S);
            int j = random.nextInt(T1S);
            int h = i * HOSTS_PER_T0 + random.nextInt(HOSTS_PER_T0);
            switch (random.nextInt(10)) {
                case 0, 1 -> switchPort(t0(p, i), t1(p, j), seconds, random.nextInt(5_000), random.nextInt(9), true);
                case 2 ->
                    switchPort(
                            t1(p, j),
                            t0(p, i),
                            seconds,
                            random.nextInt(5_000),
                            random.nextInt(9),
                            random.nextBoolean());
                case 3, 4 -> switchPort(t0(p, i), host(h), seconds, random.nextInt(5_000), random.nextInt(9), true);
                case 5, 6 -> hostPlane(h, p, seconds, random.nextInt(5_000), random.nextInt(17), random.nextInt(3));
                case 7 -> hostNeighbor(h, p, t0(p, i)); // LLDP moves: the topology is learnt again
                case 8 ->
                    apply(
                            "fabric",
                            Notifications.of(t0(p, i), seconds * SECOND_NS)
                                    .delete("/interfaces/interface[name=" + t1(p, j) + "]"));
                default -> {
                    seconds++;
                    clock.advance(Duration.ofMillis(random.nextInt(4) == 0 ? 20_000 : 1_000)); // now and then, stale
                }
            }
            FabricSnapshot kept = everyStep.publish(IngestStats.NONE);
            assertEquals(fromScratch(kept), kept.planes(), "plane sums at step " + step);
            if (step % 20 == 19) {
                // Loss aside: it is averaged over the publications that built a link (ADR 0120).
                FabricSnapshot walked = walkedOnce();
                assertEquals(withoutLoss(walked.links()), withoutLoss(kept.links()), "links at step " + step);
                assertEquals(walked.planes(), kept.planes(), "planes at step " + step);
                assertEquals(walked.hosts(), kept.hosts(), "hosts at step " + step);
                assertEquals(
                        switchesWithoutLoss(walked.switches()),
                        switchesWithoutLoss(kept.switches()),
                        "switches at step " + step);
            }
        }
        assertTrue(everyStep.topologyLearns() > 3, "learnt again " + everyStep.topologyLearns() + " times");
    }

    private static List<String> ids(List<LinkState> links) {
        return links.stream().map(LinkState::id).toList();
    }

    /** The planes as the model added them up before ADR 0123: every switch port, host plane port and link. */
    private static List<PlaneSummary> fromScratch(FabricSnapshot snapshot) {
        Map<Integer, double[]> sums = new TreeMap<>(); // goodput, last hop, fabric, has goodput, has trims
        Map<Integer, long[]> counts = new TreeMap<>(); // hosts, switches, evs good, evs out, links down, links
        Map<Integer, Freshness> freshness = new TreeMap<>();
        Map<Integer, List<Double>> core = new TreeMap<>();
        for (SwitchSummary sw : snapshot.switches()) {
            plane(sw.plane(), sums, counts, freshness)[1]++;
            freshness.merge(sw.plane(), sw.freshness(), Freshness::worse);
            for (PortSummary port : sw.ports()) {
                if (Double.isNaN(port.trimRate())) {
                    continue;
                }
                boolean lastHop = sw.tier() == 0
                        && !port.peer().isEmpty()
                        && DeviceName.parse(port.peer()).isHost();
                sums.get(sw.plane())[lastHop ? 1 : 2] += port.trimRate();
                sums.get(sw.plane())[4] = 1;
            }
        }
        for (HostSummary host : snapshot.hosts()) {
            for (HostPlanePort port : host.planes()) {
                long[] c = plane(port.plane(), sums, counts, freshness);
                c[0]++;
                freshness.merge(port.plane(), host.freshness(), Freshness::worse);
                c[2] += port.evsGood();
                c[3] += port.evsAssumedBad() + port.evsDenied() + port.evsUnknown();
                if (!Double.isNaN(port.rxBps())) {
                    sums.get(port.plane())[0] += port.rxBps();
                    sums.get(port.plane())[3] = 1;
                }
            }
        }
        for (LinkState link : snapshot.links()) {
            long[] c = plane(link.plane(), sums, counts, freshness);
            c[5]++;
            c[4] += link.up() ? 0 : 1;
            if (LoadSpread.counts(link)) {
                core.computeIfAbsent(link.plane(), q -> new ArrayList<>()).add(link.utilization());
            }
        }
        List<PlaneSummary> planes = new ArrayList<>();
        counts.forEach((plane, c) -> {
            double[] s = sums.get(plane);
            long evs = c[2] + c[3];
            planes.add(new PlaneSummary(
                    plane,
                    evs == 0 ? Double.NaN : (double) c[2] / evs,
                    c[2],
                    c[3],
                    s[3] > 0 ? s[0] : Double.NaN,
                    s[4] > 0 ? s[1] : Double.NaN,
                    s[4] > 0 ? s[2] : Double.NaN,
                    (int) c[4],
                    (int) c[5],
                    LoadSpread.of(core.getOrDefault(plane, List.of()).stream()
                            .mapToDouble(Double::doubleValue)
                            .toArray()),
                    freshness.getOrDefault(plane, Freshness.LIVE),
                    (int) c[0],
                    (int) c[1]));
        });
        return planes;
    }

    private static long[] plane(
            int plane, Map<Integer, double[]> sums, Map<Integer, long[]> counts, Map<Integer, Freshness> freshness) {
        sums.computeIfAbsent(plane, q -> new double[5]);
        freshness.putIfAbsent(plane, Freshness.LIVE);
        return counts.computeIfAbsent(plane, q -> new long[6]);
    }

    private static List<LinkState> withoutLoss(List<LinkState> links) {
        return links.stream().map(l -> l.withLossRate(Double.NaN)).toList();
    }

    private static List<SwitchSummary> switchesWithoutLoss(List<SwitchSummary> switches) {
        return switches.stream()
                .map(sw -> new SwitchSummary(
                        sw.name(),
                        sw.plane(),
                        sw.tier(),
                        sw.index(),
                        sw.freshness(),
                        sw.ports().stream()
                                .map(port -> port.withInLossRate(Double.NaN))
                                .toList()))
                .toList();
    }
}
