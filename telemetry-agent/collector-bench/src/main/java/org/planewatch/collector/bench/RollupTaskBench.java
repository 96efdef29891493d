package org.planewatch.collector.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.common.utils.Utils;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.ingest.Subscriptions;
import org.planewatch.collector.rollup.DevicePartials;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.SimLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * What the rollups' per-device tasks cost a collector's stream thread, without Kafka around them:
 * a simulated agent serves a scenario's fabric over loopback, the collectors' own subscriptions read
 * every device's initial state, and the devices are split over {@code partitions} tasks as Kafka's
 * default partitioner splits the updates topic. Each notification reaches its task as a record of the
 * updates topic does: encoded as the collectors write it and decoded as the stage reads it (the
 * decoding timed with the apply, the encoding not). The bench times applying the initial states, then
 * {@code rounds} rounds of one second each of simulated time in which a sixtieth of the devices send
 * a new sample (every counter higher, as counters sampled every 60 s arrive) and every task hands
 * out its changes, as the stage's once-a-second punctuation does. It prints the apply cost per update
 * and the work per second of the changes (wall-clock time of this one thread): the share of one core the stage needs at this fabric's
 * size.
 *
 * <pre>
 * java -Xmx4g -cp telemetry-agent/collector-bench/target/planewatch-collector-bench.jar \
 *     org.planewatch.collector.bench.RollupTaskBench [scenario.yaml] [partitions] [rounds] [reader|generated] [arriving|trickling [piece] [task0]]
 * </pre>
 *
 * Defaults: {@code sim-backend/scenarios/scale/scale-2048-incident.yaml}, 12 partitions (the
 * collectors' default for the updates topic), 180 rounds (three samples of every device), the
 * stage's own record reader. With {@code arriving}, the initial states come over a minute of rounds,
 * each handed out, and the bench prints what those hand-outs took (learning while devices arrive);
 * with {@code trickling [piece]}, every device's first piece of its initial state first, then the rest.
 * With {@code task0}, only the devices of the first task are read and applied (one task of the full
 * fabric, as a collector's stream thread holds it). Each record's work is the stage's: decoding it,
 * applying it, and keeping the device's leaves sent on change ({@link RememberedLeaves}, in a map where
 * the stage has its changelogged store).
 */
public final class RollupTaskBench {
    /** Counters are sampled every this many seconds: each round, a sixtieth of the devices report. */
    private static final int SAMPLE_SECONDS = 60;

    /** With {@code arriving}, the devices' initial states come over this many rounds (a minute of bring-up). */
    private static final int ARRIVAL_ROUNDS = 60;

    private RollupTaskBench() {}

    public static void main(String[] args) throws Exception {
        Path scenarioFile = Path.of(args.length > 0 ? args[0] : "sim-backend/scenarios/scale/scale-2048-incident.yaml");
        int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 12;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 180;
        // "task0" (7th argument): only the devices of the first task, so that one task of the full fabric
        // (137,216 devices over 12 tasks) fits beside its simulation in one JVM.
        boolean firstTaskOnly = args.length > 6 && firstTaskOnly(args[6]);
        Map<String, List<IngestEvent.Notification>> byDevice =
                readInitialStates(scenarioFile, firstTaskOnly ? partitions : 0);
        long updates = byDevice.values().stream()
                .flatMap(List::stream)
                .mapToLong(n -> n.updates().size())
                .sum();
        System.out.printf(
                Locale.ROOT,
                "setup: %s, %d devices, %d updates in their initial states, %d tasks, %d rounds, decoder %s%n",
                scenarioFile,
                byDevice.size(),
                updates,
                partitions,
                rounds,
                args.length > 3 ? args[3] : "reader");

        Map<String, Long> bySubtree = new java.util.TreeMap<>();
        for (List<IngestEvent.Notification> device : byDevice.values()) {
            for (IngestEvent.Notification n : device) {
                for (TelemetryUpdate u : n.updates()) {
                    bySubtree.merge(subtree(u), 1L, Long::sum);
                }
            }
        }
        System.out.println("updates by subtree: " + bySubtree);
        long[] clock = {1_000_000_000L};
        List<DevicePartials> tasks = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            tasks.add(new DevicePartials("0_" + p, () -> clock[0]));
        }
        List<Map<String, byte[]>> neighbors = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            neighbors.add(new java.util.HashMap<>());
        }
        List<String> devices = new ArrayList<>(byDevice.keySet());
        int[] taskOf = new int[devices.size()];
        for (int d = 0; d < devices.size(); d++) {
            taskOf[d] = partition(devices.get(d), partitions);
        }

        RecordDecoder decoder = decoder(args.length > 3 ? args[3] : "reader");
        // "arriving": the initial states come over ARRIVAL_ROUNDS rounds, each followed by a hand-out
        // of every task, as a fabric coming up (the topology is learnt again while devices arrive).
        // "trickling": every device's initial state is cut into pieces of at most the 6th argument's
        // updates (the collectors' records hold at most 1,000), every device's first piece comes in the
        // first rounds and the other pieces in the rounds after, as a fabric of full scale arrived
        // through the pipeline: the devices are all known early and their LLDP neighbors come later.
        String arrival = args.length > 4 ? args[4] : "";
        boolean arriving = arrival.equals("arriving") || arrival.equals("trickling");
        int piece = args.length > 5 ? Integer.parseInt(args[5]) : 1_000;
        List<List<Arrival>> byRound = arrivals(arrival, devices, byDevice, piece);
        long[] arrivalNanos = new long[arriving ? byRound.size() - 1 : 0];
        long applied = 0;
        for (int round = 0; round < byRound.size(); round++) {
            for (Arrival a : byRound.get(round)) {
                byte[] record = GnmiRecords.encode(a.notification());
                long t = System.nanoTime();
                int task = taskOf[a.device()];
                stageRecord(
                        tasks.get(task),
                        neighbors.get(task),
                        decoder.decode(
                                record,
                                a.notification().source(),
                                a.notification().arrivalMillis()),
                        decoder.leavesOutUnread());
                applied += System.nanoTime() - t;
            }
            if (arriving && round + 1 < byRound.size()) {
                clock[0] += 1_000;
                long b = System.nanoTime();
                for (DevicePartials task : tasks) {
                    task.changes();
                }
                arrivalNanos[round] = System.nanoTime() - b;
            }
        }
        if (arriving) {
            long[] sorted = arrivalNanos.clone();
            Arrays.sort(sorted);
            System.out.printf(
                    Locale.ROOT,
                    "while arriving (%s, %d rounds): changes of all tasks per round median %.1f ms, p90 %.1f ms,"
                            + " max %.1f ms, mean %.1f ms, sum %.0f ms%n",
                    arrival.equals("trickling") ? "trickling in pieces of " + piece + " updates" : "whole devices",
                    arrivalNanos.length,
                    sorted[sorted.length / 2] / 1e6,
                    sorted[sorted.length * 9 / 10] / 1e6,
                    sorted[sorted.length - 1] / 1e6,
                    Arrays.stream(sorted).average().orElse(0) / 1e6,
                    Arrays.stream(sorted).sum() / 1e6);
            clock[0] += 1_000;
        }
        long start = System.nanoTime();
        long firstChanges = 0;
        for (DevicePartials task : tasks) {
            firstChanges += task.changes().size();
        }
        long first = System.nanoTime() - start;
        System.out.printf(
                Locale.ROOT,
                "initial states: applied in %.0f ms (%.0f ns an update); first changes %.0f ms (%d records)%n",
                applied / 1e6,
                (double) applied / updates,
                first / 1e6,
                firstChanges);

        long[] changeNanos = new long[rounds];
        long[] applyNanos = new long[rounds];
        long[] roundUpdates = new long[rounds];
        long sampleUpdates = 0;
        long encoding = 0;
        long encodingGenerated = 0;
        GnmiRecords.Writer writer = GnmiRecords.writer();
        long records = 0;
        for (int r = 0; r < rounds; r++) {
            clock[0] += 1_000;
            int slot = r % SAMPLE_SECONDS;
            long sample = r / SAMPLE_SECONDS + 1;
            long applying = 0;
            for (int d = slot; d < devices.size(); d += SAMPLE_SECONDS) {
                for (IngestEvent.Notification n : byDevice.get(devices.get(d))) {
                    IngestEvent.Notification next = nextSample(n, sample);
                    long g = System.nanoTime();
                    GnmiRecords.encode(next);
                    long e = System.nanoTime();
                    byte[] record = writer.encode(next);
                    long a = System.nanoTime();
                    encodingGenerated += e - g;
                    encoding += a - e;
                    stageRecord(
                            tasks.get(taskOf[d]),
                            neighbors.get(taskOf[d]),
                            decoder.decode(record, n.source(), next.arrivalMillis()),
                            decoder.leavesOutUnread());
                    applying += System.nanoTime() - a;
                    sampleUpdates += next.updates().size();
                    roundUpdates[r] += next.updates().size();
                }
            }
            long b = System.nanoTime();
            for (DevicePartials task : tasks) {
                records += task.changes().size();
            }
            long c = System.nanoTime();
            applyNanos[r] = applying;
            changeNanos[r] = c - b;
        }
        // The first sample's rounds warm the JIT up; the figures are the later ones.
        int from = Math.min(SAMPLE_SECONDS, rounds - 1);
        long[] steadyChanges = Arrays.copyOfRange(changeNanos, from, rounds);
        long[] steadyApply = Arrays.copyOfRange(applyNanos, from, rounds);
        Arrays.sort(steadyChanges);
        Arrays.sort(steadyApply);
        long steadyUpdates = 0;
        for (int r = from; r < rounds; r++) {
            steadyUpdates += roundUpdates[r];
        }
        double meanChanges = Arrays.stream(steadyChanges).average().orElse(0) / 1e6;
        double meanApply = Arrays.stream(steadyApply).average().orElse(0) / 1e6;
        System.out.printf(
                Locale.ROOT,
                "steady state (rounds %d to %d): changes of all tasks per round median %.1f ms, p90 %.1f ms, max %.1f ms,"
                        + " mean %.1f ms; applying a sixtieth of the devices per round mean %.1f ms (%.0f ns an update)"
                        + " (%d updates in all rounds, %d records handed out)%n",
                from,
                rounds,
                steadyChanges[steadyChanges.length / 2] / 1e6,
                steadyChanges[steadyChanges.length * 9 / 10] / 1e6,
                steadyChanges[steadyChanges.length - 1] / 1e6,
                meanChanges,
                meanApply,
                Arrays.stream(steadyApply).sum() / (double) Math.max(1, steadyUpdates),
                sampleUpdates,
                records);
        System.out.printf(
                Locale.ROOT,
                "collectors' side, for comparison: encoding the rounds' records as the collectors write them %.0f ns an update"
                        + " (GnmiRecords.Writer), %.0f ns with protobuf's builders (GnmiRecords.encode)%n",
                encoding / (double) Math.max(1, sampleUpdates),
                encodingGenerated / (double) Math.max(1, sampleUpdates));
        // What the tasks hold: the heap after a full collection with them, less the heap without them.
        long linkViews =
                tasks.stream().mapToLong(DevicePartials::linksHandedOut).sum();
        long withTasks = heapAfterGc();
        Map<String, long[]> classesWith = HELD_BY_CLASS ? HeapClasses.histogram() : Map.of();
        tasks.clear();
        neighbors.clear();
        long retained = withTasks - heapAfterGc();
        if (HELD_BY_CLASS) {
            HeapClasses.printDifference(classesWith, HeapClasses.histogram(), linkViews, 25);
        }
        System.out.printf(
                Locale.ROOT,
                "result: the tasks and their devices' remembered neighbors hold %.0f MB after the rounds (heap after a"
                        + " full collection with them, less without them): %.0f bytes a link view handed out (%d views),"
                        + " %.0f bytes a device (%d)%n",
                retained / 1e6,
                retained / (double) Math.max(1, linkViews),
                linkViews,
                retained / (double) Math.max(1, devices.size()),
                devices.size());
        java.lang.ref.Reference.reachabilityFence(byDevice);
        System.out.printf(
                Locale.ROOT,
                "result: the per-device stage needs %.0f %% of one core at this fabric's size (changes %.0f %%, apply %.0f %%)%n",
                (meanChanges + meanApply) / 10,
                meanChanges / 10,
                meanApply / 10);
    }

    /**
     * With {@code -Dplanewatch.bench.heldByClass=true}, the bench also prints which classes the tasks
     * hold (the heap's class histogram with them, less without them): where a link view's bytes go.
     */
    private static final boolean HELD_BY_CLASS = Boolean.getBoolean("planewatch.bench.heldByClass");

    /** Heap in use after full collections (G1's System.gc() is one): what is reachable. */
    private static long heapAfterGc() {
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
        return java.lang.management.ManagementFactory.getMemoryMXBean()
                .getHeapMemoryUsage()
                .getUsed();
    }

    /** What {@code DeviceStage.process} does with a decoded record: apply it, and keep the device's neighbors. */
    private static void stageRecord(
            DevicePartials task, Map<String, byte[]> neighbors, IngestEvent.Notification n, boolean read) {
        if (read) {
            task.applyRead(n);
        } else {
            task.apply(n);
        }
        if (RememberedLeaves.touches(n)) {
            byte[] merged = RememberedLeaves.merge(neighbors.get(n.target()), n);
            if (merged != null) {
                neighbors.put(n.target(), merged);
            }
        }
    }

    /** A piece of a device's initial state, and the device's position in the bench's list. */
    private record Arrival(int device, IngestEvent.Notification notification) {}

    /**
     * The initial states by round: all in one round without {@code arrival}; {@code arriving}, whole
     * devices over {@link #ARRIVAL_ROUNDS} rounds; {@code trickling}, pieces of at most {@code piece}
     * updates, the k-th pieces of every device before any (k+1)-th, over the same rounds.
     */
    private static List<List<Arrival>> arrivals(
            String arrival, List<String> devices, Map<String, List<IngestEvent.Notification>> byDevice, int piece) {
        List<Arrival> all = new ArrayList<>();
        if (arrival.equals("trickling")) {
            List<List<IngestEvent.Notification>> pieces = new ArrayList<>();
            int most = 0;
            for (String device : devices) {
                List<IngestEvent.Notification> cut = new ArrayList<>();
                for (IngestEvent.Notification n : byDevice.get(device)) {
                    for (int from = 0; from < n.updates().size(); from += piece) {
                        List<TelemetryUpdate> part =
                                n.updates().subList(from, Math.min(n.updates().size(), from + piece));
                        cut.add(new IngestEvent.Notification(
                                n.source(),
                                n.target(),
                                n.timestampNs(),
                                List.copyOf(part),
                                from == 0 ? n.deletes() : List.of(),
                                n.arrivalMillis()));
                    }
                }
                pieces.add(cut);
                most = Math.max(most, cut.size());
            }
            for (int k = 0; k < most; k++) {
                for (int d = 0; d < devices.size(); d++) {
                    if (k < pieces.get(d).size()) {
                        all.add(new Arrival(d, pieces.get(d).get(k)));
                    }
                }
            }
        } else {
            for (int d = 0; d < devices.size(); d++) {
                for (IngestEvent.Notification n : byDevice.get(devices.get(d))) {
                    all.add(new Arrival(d, n));
                }
            }
        }
        if (!arrival.equals("arriving") && !arrival.equals("trickling")) {
            if (!arrival.isEmpty()) {
                throw new IllegalArgumentException(
                        "arrival (5th argument) must be arriving or trickling, not \"" + arrival + "\"");
            }
            return List.of(all);
        }
        List<List<Arrival>> rounds = new ArrayList<>();
        int perRound = (all.size() + ARRIVAL_ROUNDS - 1) / ARRIVAL_ROUNDS;
        for (int from = 0; from < all.size(); from += perRound) {
            rounds.add(all.subList(from, Math.min(all.size(), from + perRound)));
        }
        return rounds;
    }

    /** How the stage turns a record of the updates topic back into a notification. */
    private interface RecordDecoder {
        IngestEvent.Notification decode(byte[] record, String source, long arrivalMillis);

        /** Whether the decoded notification already lacks what the rollups never read (the stage's reader). */
        default boolean leavesOutUnread() {
            return false;
        }
    }

    /**
     * {@code reader}: the stage's own, {@link NotificationRecords#reader(java.util.function.Predicate)}
     * leaving out what {@link DevicePartials#reads} refuses; {@code generated}: the one-off decoder over
     * protobuf's generated classes, which the stage used before (ADR 0119).
     */
    private static RecordDecoder decoder(String name) {
        return switch (name) {
            case "reader" -> {
                NotificationRecords.Reader reader = NotificationRecords.reader(DevicePartials::reads);
                yield new RecordDecoder() {
                    @Override
                    public IngestEvent.Notification decode(byte[] record, String source, long arrivalMillis) {
                        return reader.decode(record, source, arrivalMillis);
                    }

                    @Override
                    public boolean leavesOutUnread() {
                        return true;
                    }
                };
            }
            case "generated" -> NotificationRecords::decode;
            default ->
                throw new IllegalArgumentException(
                        "decoder (4th argument) must be reader or generated, not \"" + name + "\"");
        };
    }

    /** The path's origin and its first two element names: the table a leaf is in. */
    private static String subtree(TelemetryUpdate u) {
        StringBuilder name = new StringBuilder(u.path().origin()).append(':');
        for (int i = 0; i < Math.min(2, u.path().size()); i++) {
            name.append('/').append(u.path().elem(i).name());
        }
        return name.toString();
    }

    /** Where Kafka's default partitioner puts a record keyed by {@code device}. */
    private static int partition(String device, int partitions) {
        return Utils.toPositive(Utils.murmur2(device.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /**
     * {@code n} as the device's {@code sample}-th sample after its initial state: 60 s later, every
     * unsigned counter higher by an amount of its own (so rates are known and differ), other leaves
     * as they were.
     */
    private static IngestEvent.Notification nextSample(IngestEvent.Notification n, long sample) {
        List<TelemetryUpdate> updates = n.updates();
        List<TelemetryUpdate> next = new ArrayList<>(updates.size());
        for (int i = 0; i < updates.size(); i++) {
            TelemetryUpdate u = updates.get(i);
            next.add(
                    u.value() instanceof TelemetryValue.Uint counter
                            ? new TelemetryUpdate(
                                    u.path(), new TelemetryValue.Uint(counter.value() + sample * (1_000 + i)))
                            : u);
        }
        return new IngestEvent.Notification(
                n.source(),
                n.target(),
                n.timestampNs() + sample * SAMPLE_SECONDS * 1_000_000_000L,
                next,
                List.of(),
                n.arrivalMillis() + sample * SAMPLE_SECONDS * 1_000L);
    }

    /**
     * Every device's initial state, as the collectors' subscriptions read it from a simulated agent
     * serving {@code scenarioFile} with a target per device: by device, in arrival order.
     */
    private static boolean firstTaskOnly(String arg) {
        if (!arg.equals("task0")) {
            throw new IllegalArgumentException(
                    "7th argument must be task0 (only the first task's devices), not \"" + arg + "\"");
        }
        return true;
    }

    /**
     * @param onlyFirstOf with a positive count of tasks, only the devices the first of that many tasks
     *     holds; 0 for every device
     */
    private static Map<String, List<IngestEvent.Notification>> readInitialStates(Path scenarioFile, int onlyFirstOf)
            throws Exception {
        SimulatedBackend backend = new SimulatedBackend(ScenarioLoader.load(scenarioFile), SimOptions.defaults());
        AgentServer server = new AgentServer(
                        AgentConfig.loopbackInsecure(0, GnmiOptions.defaults()), backend, StructuredLog.silent())
                .start();
        Path dir = Files.createTempDirectory("rollup-task-bench");
        try {
            List<String> names = backend.targets().stream()
                    .map(TargetInfo::name)
                    .filter(name -> onlyFirstOf == 0 || partition(name, onlyFirstOf) == 0)
                    .sorted()
                    .toList();
            CollectorTargets targets =
                    CollectorTargets.read(writeTargetsFile(dir.resolve("targets.yaml"), names, server.port(), 16));
            return read(targets, names.size());
        } finally {
            server.close();
            Files.deleteIfExists(dir.resolve("targets.yaml"));
            Files.deleteIfExists(dir);
        }
    }

    private static Path writeTargetsFile(Path file, List<String> devices, int port, int entries)
            throws java.io.IOException {
        StringBuilder yaml = new StringBuilder("targets:\n");
        for (int t = 0; t < entries; t++) {
            yaml.append("  agent-")
                    .append(t)
                    .append(":\n    address: 127.0.0.1:")
                    .append(port);
            yaml.append("\n    insecure: true\n    devices: [");
            for (int i = t; i < devices.size(); i += entries) {
                yaml.append(i == t ? "\"" : ", \"").append(devices.get(i)).append('"');
            }
            yaml.append("]\n");
        }
        return Files.writeString(file, yaml);
    }

    /**
     * Whether {@code n} is the first part of a device's sample: the simulated clock comes first in
     * every sample (ADR 0117), so the bench keeps each device's initial state and no later sample,
     * however long the other streams took to send theirs (the same updates in every run).
     */
    private static boolean startsASample(IngestEvent.Notification n) {
        if (n.updates().isEmpty()) {
            return false;
        }
        TelemetryPath first = n.updates().getFirst().path();
        return first.origin().equals(SimLeaves.CLOCK_ROOT.origin())
                && first.size() > 0
                && first.elem(0).equals(SimLeaves.CLOCK_ROOT.elem(0));
    }

    /**
     * Reads until each of {@code devices} devices began its second sample, so its initial state is whole
     * (counting the streams' sync markers is not enough: a device's stream may be marked synced before
     * its last piece was read here); an error after 10 minutes.
     */
    private static Map<String, List<IngestEvent.Notification>> read(CollectorTargets targets, int devices)
            throws InterruptedException {
        IngestQueue queue = new IngestQueue(100_000, 50_000_000);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        Map<String, List<IngestEvent.Notification>> byDevice = new LinkedHashMap<>();
        Set<String> complete = new HashSet<>();
        try (Subscriptions reading = Subscriptions.everyTarget(targets, queue, scheduler)) {
            long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
            while (complete.size() < devices) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "only " + complete.size() + " of " + devices + " initial states within 10 minutes");
                }
                List<IngestEvent> batch = new ArrayList<>();
                queue.drain(batch, 10_000, 100);
                for (IngestEvent event : batch) {
                    if (event instanceof IngestEvent.Notification n && !complete.contains(n.target())) {
                        List<IngestEvent.Notification> device =
                                byDevice.computeIfAbsent(n.target(), d -> new ArrayList<>());
                        if (!device.isEmpty() && startsASample(n)) {
                            complete.add(n.target()); // its initial state is whole: the next sample began
                            continue;
                        }
                        device.add(new IngestEvent.Notification(
                                n.source(),
                                n.target(),
                                n.timestampNs(),
                                List.copyOf(n.updates()),
                                List.copyOf(n.deletes()),
                                n.arrivalMillis()));
                    }
                }
            }
        } finally {
            scheduler.shutdownNow();
        }
        return byDevice;
    }
}
