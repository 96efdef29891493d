package org.planewatch.agent.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.planewatch.agent.backend.ConfigWriteException;
import org.planewatch.agent.backend.ConfigWriter;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.Interest;
import org.planewatch.agent.backend.LeafTable;
import org.planewatch.agent.backend.PublishingBackend;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.TelemetryClock;
import org.planewatch.agent.log.ClientText;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.EvCounter;
import org.planewatch.sim.transport.EvState;
import org.planewatch.sim.transport.QpCounter;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.schema.EvLeaves;
import org.planewatch.telemetry.schema.ModelInfo;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.schema.QpLeaves;
import org.planewatch.telemetry.schema.SimLeaves;
import org.planewatch.telemetry.schema.TelemetrySchema;
import org.planewatch.telemetry.value.TelemetryValue;
import org.planewatch.telemetry.worker.BackoffIdleStrategy;
import org.planewatch.telemetry.worker.NanoClock;
import org.planewatch.telemetry.worker.Worker;
import org.planewatch.telemetry.worker.WorkerRunner;

/**
 * Serves every host and switch of a running {@link Simulation}. One thread owns the simulation: it
 * advances simulated time paced by the dilation, applies commands handed over through a bounded queue
 * (faults, dilation, pause), and publishes a snapshot of every device each publish interval.
 * Notification timestamps are wall-clock time, as gNMI says: the instant the agent took the sample
 * (ADR 0096); the simulated instant of the sample is the leaf {@code sim:/clock/state/sim-time-ns}.
 */
public final class SimulatedBackend extends PublishingBackend implements ConfigWriter {

    /** Largest simulated step between looks at the command queue and the publish deadline. */
    private static final long MAX_STEP_NS = 10_000;
    /** Event-driven publishes of hosts are at least this far apart (wall), so an event storm stays cheap. */
    private static final long EVENT_PUBLISH_SPACING_NS = 10_000_000;
    /** Longest the simulation thread parks once simulated time has caught up with its target. */
    private static final long PARK_NS = 1_000_000;

    private final Simulation simulation;
    private final FabricTelemetry fabric;
    private final SimOptions options;
    private final long epochNs;
    private final List<TargetInfo> targets = new ArrayList<>();
    /**
     * What {@link #targets()} returns, every time: the list is complete once the constructor returns.
     * A copy per call cost a stream per device on the full fabric a copy of 137,216 entries (twice):
     * opening the streams spent nine tenths of its time there (ADR 0109).
     */
    private final List<TargetInfo> served = Collections.unmodifiableList(targets);

    private final Map<String, DeviceLeaves> devices = new LinkedHashMap<>();
    private final Map<Integer, EventRing> rings = new HashMap<>();
    private final Map<Integer, String> hostTargets = new HashMap<>();
    private final Map<String, Integer> hostIndex = new HashMap<>();
    /** Hosts whose ring got events since they were last published: published at once, not at the interval. */
    private final Set<Integer> hostsWithNewEvents = new LinkedHashSet<>();

    private final BlockingQueue<Runnable> commands = new ArrayBlockingQueue<>(256);
    /** Per QP: its base path and its state leaves' paths, built once. */
    private final List<QpPaths> qpPaths = new ArrayList<>();

    private record QpPaths(
            TelemetryPath base,
            TelemetryPath peer,
            TelemetryPath txPkts,
            TelemetryPath retransmits,
            TelemetryPath cwnd,
            TelemetryPath inflight,
            TelemetryPath srtt,
            TelemetryPath evsActive,
            TelemetryPath msgs,
            List<TelemetryPath[]> evs) {
        /** The per-EV leaves in the order {@code qpLeaves} writes them. */
        private static final String[] EV_LEAVES = {
            EvLeaves.PLANE,
            EvLeaves.EXCLUSION_STATE,
            EvLeaves.PENALTY,
            EvLeaves.TX_PKTS,
            EvLeaves.ECN_MARKS,
            EvLeaves.TRIMS,
            EvLeaves.LOSSES,
            EvLeaves.LAST_CHANGE
        };

        static QpPaths of(int qp) {
            TelemetryPath base = QpLeaves.qp(qp);
            TelemetryPath s = base.child(PathNames.STATE);
            return new QpPaths(
                    base,
                    s.child(QpLeaves.PEER),
                    s.child(QpLeaves.TX_PKTS),
                    s.child(QpLeaves.RETRANSMITS),
                    s.child(QpLeaves.CWND_OCTETS),
                    s.child(QpLeaves.INFLIGHT_OCTETS),
                    s.child(QpLeaves.SRTT_NS),
                    s.child(QpLeaves.EVS_ACTIVE),
                    s.child(QpLeaves.MSGS_COMPLETED),
                    new ArrayList<>());
        }

        /** The leaf paths of EV {@code ev}, built on first use. */
        TelemetryPath[] ev(int ev) {
            while (evs.size() <= ev) {
                TelemetryPath state = EvLeaves.state(base, evs.size());
                TelemetryPath[] leaves = new TelemetryPath[EV_LEAVES.length];
                for (int i = 0; i < leaves.length; i++) {
                    leaves[i] = state.child(EV_LEAVES[i]);
                }
                evs.add(leaves);
            }
            return evs.get(ev);
        }
    }
    /** Explicit subscriptions per QP to its per-EV leaves; added on the simulation thread, withdrawn from any. */
    private final ConcurrentHashMap<Integer, Integer> evInterest = new ConcurrentHashMap<>();
    /** Each device's last leaf layout: a publish reuses it while the device keeps its shape. */
    private final TableWriter.Layouts layouts = new TableWriter.Layouts();

    /** Paces the simulation and times publishes: the system's in production, a manual one in tests. */
    private final NanoClock clock;
    /** Dates samples and decisions (ns since the Unix epoch): the system's in production, a manual one in tests. */
    private final TelemetryClock wallClock;
    /** Per EV ({@code qp << 32 | ev}) that changed state: the wall-clock instant the agent saw it change. */
    private final Map<Long, Long> evChangedWallNs = new HashMap<>();

    private final SimPacer pacer;
    private volatile long simNowNs;
    private volatile long eventsProcessed;
    private volatile double dilation;
    private volatile boolean paused;
    private volatile boolean running;
    private WorkerRunner driver;

    /**
     * Builds the simulation (faults of the scenario scheduled, workload started at time 0).
     *
     * @throws IllegalArgumentException for a scenario the simulator rejects, or an unknown {@code options.target()}
     */
    public SimulatedBackend(Scenario scenario, SimOptions options) {
        // The epoch is a date (the wall instant simulated time 0 stands for), not pacing: wall time on purpose.
        this(Simulation.build(scenario), options, TelemetryClock.system(), NanoClock.SYSTEM);
    }

    private SimulatedBackend(Simulation simulation, SimOptions options, TelemetryClock wallClock, NanoClock clock) {
        this(simulation, options, wallClock.nowNs(), clock, wallClock);
    }

    /**
     * For tests: dates come from {@code clock} too, {@code epochNs} at the instant of construction and
     * moving with it, so a manual clock drives pacing and dates alike.
     */
    SimulatedBackend(Simulation simulation, SimOptions options, long epochNs, NanoClock clock) {
        this(simulation, options, epochNs, clock, wallSince(epochNs, clock));
    }

    private static TelemetryClock wallSince(long epochNs, NanoClock clock) {
        long start = clock.nanoTime();
        return () -> epochNs + (clock.nanoTime() - start);
    }

    /**
     * @param epochNs the wall-clock instant simulated time 0 stands for (counters were last cleared then)
     * @param wallClock the date of every sample and decision
     */
    SimulatedBackend(
            Simulation simulation, SimOptions options, long epochNs, NanoClock clock, TelemetryClock wallClock) {
        super(wallClock);
        this.wallClock = wallClock;
        this.simulation = simulation;
        this.fabric = simulation.telemetry();
        this.options = options;
        this.epochNs = epochNs;
        this.dilation = options.dilation();
        this.clock = clock;
        this.pacer = new SimPacer(options.dilation(), clock.nanoTime());
        DeviceLeaves.Shared shared = new DeviceLeaves.Shared(fabric, epochNs);
        Map<Long, TelemetryPath[]> eventPaths = new HashMap<>();
        for (int h = 0; h < fabric.hostCount(); h++) {
            addDevice(fabric.hostName(h), DeviceRole.HOST, DeviceLeaves.host(shared, h));
            if (devices.containsKey(fabric.hostName(h))) {
                rings.put(h, new EventRing(options.eventRing(), eventPaths));
                hostTargets.put(h, fabric.hostName(h));
                hostIndex.put(fabric.hostName(h), h);
            }
        }
        for (int s = 0; s < fabric.switchCount(); s++) {
            addDevice(fabric.switchName(s), DeviceRole.SWITCH, DeviceLeaves.switchDevice(shared, s));
        }
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("--target '" + options.target() + "' is not a device of scenario '"
                    + simulation.scenario().name() + "' (devices are named like " + fabric.hostName(0) + " and "
                    + fabric.switchName(0) + ")");
        }
        fabric.addExclusionListener(event -> {
            // Read on the simulation thread as it takes the decision: the instant the agent observed it.
            long observedNs = wallClock.nowNs();
            if (event.from() != event.to()) {
                evChangedWallNs.put(evKey(event.qp(), event.ev()), observedNs);
            }
            EventRing ring = rings.get(event.host());
            if (ring != null) {
                ring.add(event, observedNs);
                hostsWithNewEvents.add(event.host());
            }
        });
        publishAll();
    }

    private void addDevice(String name, DeviceRole role, DeviceLeaves leaves) {
        if (options.target() == null || options.target().equals(name)) {
            targets.add(new TargetInfo(name, role));
            devices.put(name, leaves);
        }
    }

    private static long evKey(int qp, int ev) {
        return ((long) qp << 32) | (ev & 0xffffffffL);
    }

    @Override
    public List<TargetInfo> targets() {
        return served;
    }

    @Override
    public List<ModelInfo> extraModels() {
        return List.of(ModelInfo.PLANEWATCH_SIM);
    }

    @Override
    public Map<String, String> capabilityNotes() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("planewatch-sim-scenario", simulation.scenario().name());
        notes.put("dilation", Double.toString(dilation));
        notes.put("epoch-ns", Long.toString(epochNs));
        return notes;
    }

    @Override
    public Optional<ConfigWriter> configWriter() {
        return Optional.of(this);
    }

    public String scenarioName() {
        return simulation.scenario().name();
    }

    /** Wall-clock nanoseconds since the epoch that simulated time 0 maps to. */
    public long epochNs() {
        return epochNs;
    }

    public long simulatedNowNs() {
        return simNowNs;
    }

    /** Discrete events the simulator has executed (updated at every publish). */
    public long eventsProcessed() {
        return eventsProcessed;
    }

    public double dilation() {
        return dilation;
    }

    public boolean paused() {
        return paused;
    }

    /** Changes the pace from now on; returns once the simulation thread applied it. */
    public void setDilation(double newDilation) throws ConfigWriteException {
        String problem = SimOptions.dilationProblem(newDilation);
        if (problem != null) {
            throw new ConfigWriteException(problem);
        }
        run(sim -> {
            pacer.setDilation(newDilation, clock.nanoTime(), simNowNs);
            dilation = newDilation;
        });
    }

    public void setPaused(boolean pause) throws ConfigWriteException {
        run(sim -> {
            pacer.setPaused(pause, clock.nanoTime(), simNowNs);
            paused = pause;
        });
    }

    /** Applies a write to a {@code sim:} config leaf: fault injection and clock control. */
    @Override
    public void write(String target, TelemetryPath path, TelemetryValue value) throws ConfigWriteException {
        String shape = path.elems().stream().map(e -> e.name()).reduce("", (a, b) -> a + "/" + b);
        switch (shape) {
            case WritableShapes.DILATION -> setDilation(number(value, path));
            case WritableShapes.PAUSED -> setPaused(bool(value, path));
            case WritableShapes.LINK_STATE -> {
                String link = key(path, 1, PathNames.NAME);
                if (fabric.linkIndex(link) < 0) {
                    throw new ConfigWriteException("no link named '" + ClientText.shown(link)
                            + "' (links are named like " + fabric.linkName(0) + ")");
                }
                boolean up = upDown(value, path);
                run(sim -> {
                    if (up) {
                        sim.faults().linkUp(link);
                    } else {
                        sim.faults().linkDown(link);
                    }
                });
            }
            case WritableShapes.SWITCH_REBOOT -> {
                String sw = key(path, 1, PathNames.NAME);
                if (fabric.switchIndex(sw) < 0) {
                    throw new ConfigWriteException("no switch named '" + ClientText.shown(sw)
                            + "' (switches are named like " + fabric.switchName(0) + ")");
                }
                long downNs = rebootNs(number(value, path));
                run(sim -> sim.faults().rebootSwitch(sw, downNs));
            }
            case WritableShapes.PLANE_STATE -> {
                String id = key(path, 1, PathNames.ID);
                int plane;
                try {
                    plane = Integer.parseInt(id);
                } catch (NumberFormatException e) {
                    plane = -1;
                }
                if (plane < 0 || plane >= fabric.planes()) {
                    throw new ConfigWriteException(
                            "no plane '" + ClientText.shown(id) + "' (planes are 0.." + (fabric.planes() - 1) + ")");
                }
                int p = plane;
                boolean up = upDown(value, path);
                run(sim -> {
                    if (up) {
                        sim.faults().planeUp(p);
                    } else {
                        sim.faults().planeDown(p);
                    }
                });
            }
            default -> throw new ConfigWriteException(ClientText.shown(path) + " is not writable");
        }
    }

    /** The element names ({@code /a/b/c}, origin and keys left out) of the {@code sim:} leaves {@link #write} accepts. */
    private static final class WritableShapes {
        static final String DILATION = "/" + PathNames.CLOCK + "/" + PathNames.CONFIG + "/" + SimLeaves.DILATION;
        static final String PAUSED = "/" + PathNames.CLOCK + "/" + PathNames.CONFIG + "/" + SimLeaves.PAUSED;
        static final String LINK_STATE =
                "/" + PathNames.LINKS + "/" + PathNames.LINK + "/" + PathNames.CONFIG + "/" + SimLeaves.ADMIN_STATE;
        static final String SWITCH_REBOOT =
                "/" + PathNames.SWITCHES + "/" + PathNames.SWITCH + "/" + PathNames.CONFIG + "/" + SimLeaves.REBOOT;
        static final String PLANE_STATE =
                "/" + PathNames.PLANES + "/" + PathNames.PLANE + "/" + PathNames.CONFIG + "/" + SimLeaves.ADMIN_STATE;
    }

    /** Longest reboot accepted: a minute of simulated time, far beyond any scenario's run. */
    public static final long MAX_REBOOT_NS = 60_000_000_000L;

    /** A reboot's down time: a whole number of simulated ns from 1 to {@link #MAX_REBOOT_NS} (Infinity became 292 years). */
    private static long rebootNs(double value) throws ConfigWriteException {
        if (!(value >= 1 && value <= MAX_REBOOT_NS) || value != Math.rint(value)) {
            throw new ConfigWriteException("reboot takes the down time in simulated ns, a whole number from 1 to "
                    + MAX_REBOOT_NS + " (60 s), got " + value);
        }
        return (long) value;
    }

    private static String key(TelemetryPath path, int elem, String key) throws ConfigWriteException {
        String v = path.elem(elem).key(key);
        if (v == null || v.isEmpty()) {
            throw new ConfigWriteException("key '" + key + "' is missing");
        }
        return v;
    }

    private static boolean upDown(TelemetryValue value, TelemetryPath path) throws ConfigWriteException {
        if (value instanceof TelemetryValue.Str s
                && (s.value().equals("UP") || s.value().equals("DOWN"))) {
            return s.value().equals("UP");
        }
        throw new ConfigWriteException("expected the string UP or DOWN");
    }

    private static boolean bool(TelemetryValue value, TelemetryPath path) throws ConfigWriteException {
        if (value instanceof TelemetryValue.Bool b) {
            return b.value();
        }
        throw new ConfigWriteException("expected a boolean");
    }

    private static double number(TelemetryValue value, TelemetryPath path) throws ConfigWriteException {
        return switch (value) {
            case TelemetryValue.Real r -> r.value();
            case TelemetryValue.Uint u -> u.value();
            case TelemetryValue.Int i -> i.value();
            default -> throw new ConfigWriteException("expected a number");
        };
    }

    /**
     * Per-EV leaves cost about 900 leaves per QP per publish, so they are published only for the QPs an
     * explicit subscription names ({@code evs} in its path), from the moment it starts until it ends.
     */
    @Override
    public Interest interest(Collection<String> names, PathPattern pattern) {
        if (options.evLeaves() || !namesEvs(pattern)) {
            return Interest.NONE;
        }
        Set<Integer> hosts = new HashSet<>();
        for (String name : names) {
            Integer host = hostIndex.get(name);
            if (host != null) {
                hosts.add(host);
            }
        }
        if (hosts.isEmpty()) {
            return Interest.NONE;
        }
        List<Integer> wanted = new ArrayList<>();
        try {
            run(sim -> {
                List<String> published = new ArrayList<>();
                for (int qp = 0; qp < fabric.qpCount(); qp++) {
                    if (hosts.contains(fabric.qpSource(qp)) && selectsSomeEv(pattern, qp)) {
                        wanted.add(qp);
                        evInterest.merge(qp, 1, Integer::sum);
                        published.add(hostTargets.get(fabric.qpSource(qp)));
                    }
                }
                publish(new LinkedHashSet<>(published)); // so the subscription's initial state has them
            });
        } catch (ConfigWriteException e) {
            throw new IllegalStateException("per-EV leaves could not be switched on: " + e.getMessage(), e);
        }
        return () -> {
            for (int qp : wanted) {
                evInterest.computeIfPresent(qp, (k, n) -> n == 1 ? null : n - 1);
            }
        };
    }

    private static boolean namesEvs(PathPattern pattern) {
        return pattern.path().origin().equals(PathNames.MRC)
                && pattern.path().elems().stream().anyMatch(e -> e.name().equals(PathNames.EVS));
    }

    private boolean selectsSomeEv(PathPattern pattern, int qp) {
        while (qpPaths.size() <= qp) {
            qpPaths.add(QpPaths.of(qpPaths.size()));
        }
        for (int ev = 0; ev < fabric.evCount(qp); ev++) {
            for (TelemetryPath leaf : qpPaths.get(qp).ev(ev)) {
                if (TelemetrySchema.get().selects(pattern, leaf)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Hands a command to the simulation thread and waits until it ran (or failed). */
    private void run(Consumer<Simulation> command) throws ConfigWriteException {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Runnable task = () -> {
            try {
                command.accept(simulation);
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        };
        if (!running) {
            task.run(); // not started yet: the caller's thread still owns the simulation
        } else if (!commands.offer(task)) {
            throw new ConfigWriteException("the simulation has " + commands.size() + " commands waiting; try again");
        }
        try {
            done.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new ConfigWriteException(e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new ConfigWriteException("the simulation did not apply the command within 10 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfigWriteException("interrupted");
        }
    }

    @Override
    public synchronized void start() {
        if (driver != null) {
            return;
        }
        Driver loop = new Driver(clock.nanoTime());
        running = true;
        // A fixed 1 ms park, no backoff: after a park simulated time has always moved on, so a backoff
        // would never grow, and a shorter first park would only wake the thread more often.
        driver = new WorkerRunner("sim-driver", loop, new BackoffIdleStrategy(PARK_NS, PARK_NS), Duration.ofSeconds(5))
                .start();
    }

    @Override
    public synchronized void close() {
        running = false;
        if (driver != null) {
            driver.close();
        }
    }

    /** The simulation thread's loop: commands, a paced step, periodic and event-driven snapshots. */
    private final class Driver implements Worker {
        private final long publishIntervalNs = options.publishIntervalMs() * 1_000_000L;
        private long nextPublish;
        private long nextEventPublish;

        /**
         * Anchors the pace at {@code now}, on the thread that starts the driver (it still owns the
         * simulation): simulated time runs from the instant {@link #start} was called.
         */
        Driver(long now) {
            nextPublish = now + publishIntervalNs;
            pacer.setPaused(false, now, simNowNs);
        }

        /** Returns 0 once simulated time has reached the pacer's target (the runner then parks), else 1. */
        @Override
        public int doWork() {
            Runnable command;
            while ((command = commands.poll()) != null) {
                command.run();
            }
            long wall = clock.nanoTime();
            long target = pacer.targetSimNs(wall);
            long now = simulation.nowPs() / 1000;
            if (target > now) {
                simulation.runUntil(Math.min(target, now + MAX_STEP_NS) * 1000);
                simNowNs = simulation.nowPs() / 1000;
                eventsProcessed = simulation.eventsProcessed();
            }
            if (wall >= nextPublish) {
                publishAll();
                nextPublish = wall + publishIntervalNs;
            } else if (!hostsWithNewEvents.isEmpty() && wall >= nextEventPublish) {
                publishHostsWithNewEvents();
                nextEventPublish = wall + EVENT_PUBLISH_SPACING_NS;
            }
            return simNowNs >= target ? 0 : 1;
        }

        /** A caught-up simulation parks no later than the next publish. */
        @Override
        public long idleBoundNanos() {
            return nextPublish - clock.nanoTime();
        }

        /** Commands that came after the last step still run, so their callers are not left waiting. */
        @Override
        public void onClose() {
            Runnable left;
            while ((left = commands.poll()) != null) {
                left.run();
            }
        }
    }

    /**
     * Publishes every device as the simulation stands now: for a caller that drives the simulation
     * itself on its own thread, and only before {@link #start()} (tests of what the leaves count).
     */
    void publishCurrentState() {
        if (running) {
            throw new IllegalStateException("the simulation thread publishes while the back end runs");
        }
        simNowNs = simulation.nowPs() / 1000;
        eventsProcessed = simulation.eventsProcessed();
        publishAll();
    }

    /** A snapshot of every device at the current simulated time. */
    private void publishAll() {
        hostsWithNewEvents.clear();
        publish(devices.keySet());
    }

    /** Exclusion decisions are what operators watch: they go out without waiting for the interval. */
    private void publishHostsWithNewEvents() {
        List<String> names = new ArrayList<>();
        for (int host : hostsWithNewEvents) {
            names.add(hostTargets.get(host));
        }
        hostsWithNewEvents.clear();
        publish(names);
    }

    private void publish(Collection<String> names) {
        long timestamp = wallClock.nowNs(); // when the sample is taken: now, on the thread that owns the simulation
        Map<Integer, List<Integer>> qpsByHost = new HashMap<>();
        for (int qp = 0; qp < fabric.qpCount(); qp++) {
            int src = fabric.qpSource(qp);
            if (hostTargets.containsKey(src)) {
                qpsByHost.computeIfAbsent(src, k -> new ArrayList<>()).add(qp);
            }
        }
        String scenario = simulation.scenario().name();
        long events = simulation.eventsProcessed();
        for (String name : names) {
            DeviceLeaves device = devices.get(name);
            Integer host = hostIndex.get(name);
            LeafTable table = layouts.table(name, out -> {
                // The clock first: a notification split in parts carries the sample's simulated time in the first.
                clockLeaves(out, scenario, events);
                device.read(out);
                if (host != null) {
                    for (int qp : qpsByHost.getOrDefault(host, List.of())) {
                        qpLeaves(qp, out);
                    }
                    rings.get(host).read(out);
                }
            });
            feed.publish(new DeviceSnapshot(name, timestamp, table));
        }
    }

    private void clockLeaves(TableWriter out, String scenario, long events) {
        out.value(ClockPaths.SCENARIO, TelemetryValue.str(scenario));
        out.uint(ClockPaths.EPOCH, epochNs);
        out.uint(ClockPaths.SIM_TIME, simNowNs);
        out.value(ClockPaths.DILATION, new TelemetryValue.Real(dilation));
        out.value(ClockPaths.PAUSED, new TelemetryValue.Bool(paused));
        out.uint(ClockPaths.EVENTS, events);
        out.value(ClockPaths.CONFIG_DILATION, new TelemetryValue.Real(dilation));
        out.value(ClockPaths.CONFIG_PAUSED, new TelemetryValue.Bool(paused));
    }

    /** The clock's leaf paths, built once: paths that are the same object compare in one step. */
    private static final class ClockPaths {
        static final TelemetryPath STATE = SimLeaves.CLOCK_STATE;
        static final TelemetryPath SCENARIO = STATE.child(SimLeaves.SCENARIO);
        static final TelemetryPath EPOCH = STATE.child(SimLeaves.EPOCH);
        static final TelemetryPath SIM_TIME = STATE.child(SimLeaves.SIM_TIME_NS);
        static final TelemetryPath DILATION = STATE.child(SimLeaves.DILATION);
        static final TelemetryPath PAUSED = STATE.child(SimLeaves.PAUSED);
        static final TelemetryPath EVENTS = STATE.child(SimLeaves.EVENTS_PROCESSED);
        static final TelemetryPath CONFIG_DILATION = SimLeaves.CLOCK_CONFIG.child(SimLeaves.DILATION);
        static final TelemetryPath CONFIG_PAUSED = SimLeaves.CLOCK_CONFIG.child(SimLeaves.PAUSED);
    }

    /** When the agent saw EV {@code ev} of {@code qp} change state; the scenario's start if it never did. */
    private long lastChangeNs(int qp, int ev) {
        Long seen = evChangedWallNs.get(evKey(qp, ev));
        return seen != null ? seen : epochNs + fabric.evCounter(qp, ev, EvCounter.STATE_SINCE_NS);
    }

    private void qpLeaves(int qp, TableWriter out) {
        while (qpPaths.size() <= qp) {
            qpPaths.add(QpPaths.of(qpPaths.size()));
        }
        QpPaths paths = qpPaths.get(qp);
        int active = 0;
        for (int ev = 0; ev < fabric.evCount(qp); ev++) {
            if (fabric.evState(qp, ev) == EvState.GOOD) {
                active++;
            }
        }
        out.value(paths.peer(), TelemetryValue.str(fabric.hostName(fabric.qpDestination(qp))));
        out.uint(paths.txPkts(), fabric.qpCounter(qp, QpCounter.PACKETS_SENT));
        out.uint(paths.retransmits(), fabric.qpCounter(qp, QpCounter.RETRANSMITS));
        out.uint(paths.cwnd(), fabric.qpCounter(qp, QpCounter.CWND_BYTES));
        out.uint(paths.inflight(), fabric.qpCounter(qp, QpCounter.BYTES_IN_FLIGHT));
        out.uint(paths.srtt(), fabric.qpCounter(qp, QpCounter.SMOOTHED_RTT_NS));
        out.uint(paths.evsActive(), active);
        out.uint(paths.msgs(), fabric.qpCounter(qp, QpCounter.MESSAGES_COMPLETED));
        if (options.evLeaves() || evInterest.containsKey(qp)) {
            for (int ev = 0; ev < fabric.evCount(qp); ev++) {
                TelemetryPath[] e = paths.ev(ev);
                out.uint(e[0], fabric.evPlane(qp, ev));
                out.value(e[1], TelemetryValue.str(fabric.evState(qp, ev).name()));
                out.uint(e[2], fabric.evCounter(qp, ev, EvCounter.PENALTY));
                out.uint(e[3], fabric.evCounter(qp, ev, EvCounter.PACKETS_SENT));
                out.uint(e[4], fabric.evCounter(qp, ev, EvCounter.ECN_MARKS));
                out.uint(e[5], fabric.evCounter(qp, ev, EvCounter.TRIMS));
                out.uint(e[6], fabric.evCounter(qp, ev, EvCounter.LOSSES));
                out.uint(e[7], lastChangeNs(qp, ev));
            }
        }
    }
}
