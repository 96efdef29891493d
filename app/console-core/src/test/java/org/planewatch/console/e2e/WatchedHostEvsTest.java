package org.planewatch.console.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.sim.EmbeddedSimAgent;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.EvCell;
import org.planewatch.console.state.FabricSnapshot.HostPlanePort;
import org.planewatch.console.state.FabricSnapshot.HostSummary;
import org.planewatch.console.state.FabricSnapshot.QpSummary;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioLoader;

/**
 * Issue 20, item 4: the Host view of a watched host shows one story. Its QPs' "EVs active" and its
 * plane ports' EV counts (GOOD, ASSUMED_BAD, DENIED, UNKNOWN) agree with the EV grid built from the
 * per-EV leaves, which the simulated agent streams only under the explicit subscription the console
 * makes for the host being looked at. End to end: simulator, the agent over real gRPC on loopback,
 * the console's live session.
 */
class WatchedHostEvsTest {
    private static final long DURATION_US = 4_000;
    private static final String HOST = "host-5";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void aWatchedHostsQpAndPlaneCountsAgreeWithItsEvGrid() throws Exception {
        // As the demo does, at a smaller scale: a training loop, and a T0 uplink that goes down and
        // stays down, so that the hosts beyond it retire the EVs through it and probe them.
        String yaml = "name: watched-evs\nseed: 5\n"
                + "fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2}\n"
                + "transport: {mode: mrc, evsPerQp: 32}\n"
                + "workload: {type: training, collective: alltoall, messageBytes: 65536, computeGapNs: 300000,"
                + " repeat: 100000}\n"
                + "faults:\n  - {atUs: 300, link: \"p1-t0-0~p1-t1-1\", action: down}\n"
                + "durationUs: " + DURATION_US + "\n";
        Scenario scenario = ScenarioLoader.parse(yaml, "watched.yaml", dir);
        LiveSession session = new LiveSession(InstantSource.system());
        try (EmbeddedSimAgent agent =
                EmbeddedSimAgent.start(scenario, new SimOptions(1000, 100, null, false, 4096), false)) {
            agent.backend().setPaused(true);
            session.add(TargetConfig.insecure("sim", "127.0.0.1", agent.port(), List.of("*")));
            await(
                    "the host's QPs reported",
                    () -> session.snapshots()
                            .latest()
                            .host(HOST)
                            .map(h -> !h.qps().isEmpty() && !h.planes().isEmpty())
                            .orElse(false));
            session.watchEvs(HOST);
            await(
                    "the host's EV grid arrived",
                    () -> session.snapshots()
                            .latest()
                            .host(HOST)
                            .map(h -> h.qps().stream().allMatch(q -> !q.evs().isEmpty()))
                            .orElse(false));
            agent.backend().setPaused(false);
            // While EVs are retired and probed back: every snapshot tells one story, not only the last.
            List<String> seen = new ArrayList<>();
            long checked = -1;
            int compared = 0;
            boolean retired = false;
            boolean rowRetired = false;
            while (agent.backend().simulatedNowNs() < DURATION_US * 1_000) {
                FabricSnapshot snapshot = session.snapshots().latest();
                if (snapshot.version() != checked) {
                    checked = snapshot.version();
                    compared++;
                    HostSummary host = snapshot.host(HOST).orElseThrow();
                    retired |= host.qps().stream()
                            .flatMap(q -> q.evs().stream())
                            .anyMatch(ev -> !ev.state().equals("GOOD"));
                    rowRetired |= host.planes().stream()
                            .anyMatch(pp -> pp.evsAssumedBad() + pp.evsDenied() + pp.evsUnknown() > 0);
                    List<String> wrong = mismatches(host);
                    if (!wrong.isEmpty() && seen.size() < 5) {
                        seen.add("at simulated " + agent.backend().simulatedNowNs() / 1000 + " us: " + wrong);
                    }
                }
                Thread.sleep(10);
            }
            assertTrue(seen.isEmpty(), compared + " snapshots compared, mismatches:\n" + String.join("\n", seen));
            // The last of the run's samples applied: the counts stop changing.
            String[] last = {""};
            long[] since = {System.nanoTime()};
            await("the host's state settled", () -> {
                String now = describe(session.snapshots().latest().host(HOST).orElseThrow());
                if (!now.equals(last[0])) {
                    last[0] = now;
                    since[0] = System.nanoTime();
                }
                return System.nanoTime() - since[0] > 1_500_000_000L;
            });
            HostSummary host = session.snapshots().latest().host(HOST).orElseThrow();
            List<String> mismatches = mismatches(host);
            assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
            assertTrue(
                    retired,
                    "the failed link retired some of the host's EVs; in its plane rows: " + rowRetired + "; "
                            + describe(host));
        } finally {
            session.close();
        }
    }

    /** What disagrees between the host's summary rows and its EV grid. */
    private static List<String> mismatches(HostSummary host) {
        List<String> out = new ArrayList<>();
        Map<Integer, Map<String, Long>> byPlane = new TreeMap<>();
        for (QpSummary qp : host.qps()) {
            long good =
                    qp.evs().stream().filter(ev -> ev.state().equals("GOOD")).count();
            if (good != qp.evsActive()) {
                out.add("QP " + qp.qpn() + ": EVs active " + qp.evsActive() + ", GOOD in its grid " + good);
            }
            for (EvCell ev : qp.evs()) {
                byPlane.computeIfAbsent(ev.plane(), p -> new TreeMap<>()).merge(ev.state(), 1L, Long::sum);
            }
        }
        for (HostPlanePort port : host.planes()) {
            Map<String, Long> grid = byPlane.getOrDefault(port.plane(), Map.of());
            Map<String, Long> row = new TreeMap<>(Map.of(
                    "GOOD", port.evsGood(),
                    "ASSUMED_BAD", port.evsAssumedBad(),
                    "DENIED", port.evsDenied(),
                    "UNKNOWN", port.evsUnknown()));
            row.values().removeIf(n -> n == 0);
            if (!row.equals(grid)) {
                out.add("plane " + port.plane() + ": row " + row + ", grid " + grid);
            }
        }
        return out;
    }

    private static String describe(HostSummary host) {
        StringBuilder text = new StringBuilder();
        host.planes()
                .forEach(p -> text.append(p.plane())
                        .append(':')
                        .append(p.evsGood())
                        .append('/')
                        .append(p.evsAssumedBad())
                        .append('/')
                        .append(p.evsDenied())
                        .append('/')
                        .append(p.evsUnknown())
                        .append(' '));
        host.qps().forEach(q -> {
            text.append("qp").append(q.qpn()).append(':').append(q.evsActive()).append('[');
            q.evs()
                    .forEach(ev ->
                            text.append(ev.state().isEmpty() ? '-' : ev.state().charAt(0)));
            text.append("] ");
        });
        return text.toString();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(20);
        }
    }
}
