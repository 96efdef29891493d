package org.planewatch.agent.resilience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import io.grpc.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.testing.AgentChildProcess;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.gnmi.proto.CapabilityRequest;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.GetResponse;
import org.planewatch.gnmi.proto.Notification;

/**
 * Issue 16's resilience suite: generated gNMI requests of every kind (and bytes that are not gRPC)
 * against the real agent, a process of its own serving the simulated demo fabric on 127.0.0.1. Each
 * request must end with the status a correct agent answers; afterwards the agent must still serve,
 * log no exception, and be back to its idle CPU within 5 s and to its idle heap.
 * The seed is printed, and named in every failure; rerun one with {@code -Dfuzz.seed=N}.
 */
class GnmiFuzzTest {

    private static final String SCENARIO = "../../sim-backend/scenarios/link-failure-demo.yaml";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fiveThousandGeneratedRequestsEachGetTheirStatusAndTheAgentReturnsToIdle() throws Exception {
        fuzz(5_000, 8, false);
    }

    @Test
    @Tag("slow")
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void fiftyThousandGeneratedRequestsFromSixtyClients() throws Exception {
        fuzz(
                50_000, 60,
                true); // 60: the agent admits 64 connections, and a client just closed may not be counted out yet
    }

    private void fuzz(int requests, int clients, boolean stalledHandshakes) throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("GnmiFuzzTest seed " + seed + " (rerun with -Dfuzz.seed=" + seed + ")");
        try (AgentChildProcess agent = AgentProcess.start(
                dir, "512m", "--backend", "sim", "--scenario", SCENARIO, "--allow-fault-injection")) {
            GnmiFuzzer.Agent target = discover(agent.port());
            Thread.sleep(3_000); // the scenario's first seconds and the JIT settle
            double idleCores = agent.coresOver(2_000);
            long idleHeap = AgentProcess.heapAfterGcBytes(agent);
            long idleRss = agent.rssBytes();

            GnmiFuzzer fuzzer = new GnmiFuzzer(seed, target, stalledHandshakes);
            List<String> wrong = Collections.synchronizedList(new ArrayList<>());
            Map<String, AtomicInteger> kinds = new ConcurrentHashMap<>();
            AtomicInteger sent = new AtomicInteger();
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < clients; w++) {
                workers.add(pool.submit(() -> {
                    try (GnmiClient client = new GnmiClient(agent.port())) {
                        while (sent.getAndIncrement() < requests) {
                            GnmiFuzzer.Case c;
                            synchronized (fuzzer) {
                                c = fuzzer.next();
                            }
                            Status.Code got = c.run(client);
                            kinds.computeIfAbsent(c.kind() + " " + c.expected(), k -> new AtomicInteger())
                                    .incrementAndGet();
                            if (got != c.expected()) {
                                wrong.add(
                                        c.kind() + " (" + c.detail() + "): expected " + c.expected() + ", got " + got);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> w : workers) {
                w.get();
            }
            pool.shutdown();
            double seconds = (System.nanoTime() - start) / 1e9;
            long loadRss = agent.rssBytes();
            System.out.printf(
                    "%d requests from %d clients in %.1f s: %s%n", requests, clients, seconds, new TreeMap<>(kinds));
            assertEquals(
                    List.of(),
                    wrong.subList(0, Math.min(20, wrong.size())),
                    wrong.size() + " of " + requests + " requests got a wrong status; seed " + seed);

            // The clients are gone: the agent is back to its idle CPU within 5 s.
            long left = System.nanoTime();
            double cores = Double.MAX_VALUE;
            while (System.nanoTime() - left < TimeUnit.SECONDS.toNanos(5) && cores > idleCores + 0.25) {
                cores = agent.coresOver(500);
            }
            double idleAfterS = (System.nanoTime() - left) / 1e9;
            long heap = AgentProcess.heapAfterGcBytes(agent);
            System.out.printf(
                    "agent idle: %.2f cores before, %.2f cores %.1f s after the clients left; heap after GC %d MiB"
                            + " before, %d MiB after; RSS %d MiB idle, %d MiB at the end of the load%n",
                    idleCores, cores, idleAfterS, idleHeap >> 20, heap >> 20, idleRss >> 20, loadRss >> 20);
            assertTrue(
                    cores <= idleCores + 0.25,
                    String.format(
                            "the agent still used %.2f cores 5 s after the clients" + " left (%.2f when idle); seed %d",
                            cores, idleCores, seed));
            assertTrue(
                    heap <= idleHeap + (64 << 20),
                    "heap after GC " + (heap >> 20) + " MiB, idle " + (idleHeap >> 20) + " MiB; seed " + seed);

            assertTrue(agent.alive(), "the agent died; seed " + seed);
            try (GnmiClient after = new GnmiClient(agent.port())) {
                after.blocking().capabilities(CapabilityRequest.getDefaultInstance());
            }
            String log = agent.log();
            // Client errors are logged as such (subscribe-error, INFO library lines); another library warning,
            // an error or a stack trace would be a fault of the agent.
            List<String> faults = log.lines()
                    .filter(l -> l.contains("level=ERROR")
                            || l.startsWith("\tat ")
                            || (l.contains("event=library-log") && l.contains("level=WARN") && !cancelledWrite(l))
                            || l.contains("NullPointerException"))
                    .toList();
            assertEquals(
                    List.of(), faults.subList(0, Math.min(5, faults.size())), "the agent logged a fault; seed " + seed);
            assertTrue(log.lines().allMatch(l -> l.length() < 2_500), "a log line over 2,500 chars; seed " + seed);
        }
    }

    /** Netty's one line when a client cancels while its response is being written (ADR 0052): the client's doing. */
    private static boolean cancelledWrite(String line) {
        return line.contains("Stream closed before write could take place");
    }

    /** A host and a switch of the agent's fabric, from the targets that answer for the agent's own leaves. */
    private static GnmiFuzzer.Agent discover(int port) throws Exception {
        try (GnmiClient client = new GnmiClient(port)) {
            GetResponse all = client.blocking()
                    .get(GetRequest.newBuilder()
                            .setPrefix(target("*"))
                            .addPath(path("mrc:/agent/state/connected-clients"))
                            .build());
            List<String> names = all.getNotificationList().stream()
                    .map(Notification::getPrefix)
                    .map(p -> p.getTarget())
                    .toList();
            String host =
                    names.stream().filter(n -> n.startsWith("host")).findFirst().orElseThrow();
            String aSwitch = names.stream()
                    .filter(n -> n.matches("p\\d+-t\\d+-\\d+"))
                    .findFirst()
                    .orElseThrow();
            return new GnmiFuzzer.Agent(port, host, aSwitch);
        }
    }
}
