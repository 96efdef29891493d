package org.planewatch.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.engine.Engine;
import org.planewatch.sim.engine.EventKind;
import org.planewatch.sim.fabric.NodeNames;
import org.planewatch.sim.fabric.Topology;
import org.planewatch.sim.fault.FaultInjector;
import org.planewatch.sim.limits.HeapBudget;
import org.planewatch.sim.limits.ScenarioLimits;
import org.planewatch.sim.switching.Network;
import org.planewatch.sim.switching.PacketClass;
import org.planewatch.sim.switching.PacketPool;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.HostPlaneCounter;
import org.planewatch.sim.transport.QpFailure;
import org.planewatch.sim.transport.Transport;
import org.planewatch.sim.workload.Traffic;
import org.planewatch.sim.workload.Workload;

/**
 * A whole simulated fabric built from a {@link Scenario}: the facade the CLI, the benchmark and the
 * telemetry agent drive.
 *
 * <p>Single-threaded: one owner thread calls {@link #step()}, {@link #runUntil(long)} or
 * {@link #runToCompletion(long)}, injects faults and reads telemetry between those calls. Same
 * scenario and seed give the same event trace ({@link RunSummary#traceDigest()}).
 */
public final class Simulation {
    private final Scenario scenario;
    private final Engine engine = new Engine();
    private final Topology topology;
    private final Network network;
    private final Transport transport;
    private final Workload workload;
    private final FaultInjector faults;
    private final FabricTelemetry telemetry;
    /** The summary keeps the first million transitions (listeners hear all): long runs stay bounded. */
    static final int MAX_RECORDED_TRANSITIONS = 1_000_000;

    private final List<ExclusionEvent> transitions = new ArrayList<>();
    private long transitionsNotRecorded;
    private final List<QpFailure> qpFailures = new ArrayList<>();

    private Simulation(Scenario scenario) {
        this.scenario = scenario;
        long seed = scenario.seed();
        topology = new Topology(scenario.fabric(), new NodeNames(scenario.fabric(), scenario.names()));
        boolean trimming = scenario.fabric().trimming() && scenario.transport().mode() != TransportMode.ECMP;
        network = new Network(topology, scenario.fabric(), trimming, engine, new PacketPool(1 << 14), seed);
        transport = new Transport(engine, network, scenario.fabric(), scenario.transport(), seed);
        network.attach(transport, transport);
        telemetry = new FabricTelemetry(
                engine, network, transport, scenario.fabric().linkGbps());
        transport.onExclusion(event -> {
            if (transitions.size() < MAX_RECORDED_TRANSITIONS) {
                transitions.add(event);
            } else {
                transitionsNotRecorded++;
            }
            telemetry.publish(event);
        });
        transport.onQpFailure(qpFailures::add);
        faults = new FaultInjector(engine, network, transport);
        for (int i = 0; i < scenario.faults().size(); i++) {
            FaultSpec fault = scenario.faults().get(i);
            try {
                faults.schedule(fault);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "fault " + (i + 1) + " of scenario '" + scenario.name() + "': " + e.getMessage(), e);
            }
        }
        workload = Workload.of(scenario.workload(), topology.hosts, seed);
        transport.onMessageCompleted((qp, message, postedPs, donePs) ->
                workload.messageCompleted(qp, message, transport.messageBytes(qp, message), donePs));
        engine.register(EventKind.WORKLOAD, (target, arg) -> workload.timer(arg - 1));
        workload.start(new EngineTraffic());
    }

    /**
     * Builds the fabric, schedules the scenario's faults and starts its workload at time 0, once
     * the scenario is known to be within the simulator's limits and to fit this JVM's heap.
     *
     * @throws IllegalArgumentException naming the fault, link, switch or plane that does not exist,
     *     the workload parameter that does not fit the fabric, or the limit the scenario is beyond
     */
    public static Simulation build(Scenario scenario) {
        ScenarioLimits.require(scenario, HeapBudget.ofThisJvm());
        return new Simulation(scenario);
    }

    public Scenario scenario() {
        return scenario;
    }

    public long nowPs() {
        return engine.now();
    }

    /** Processes one event; false when nothing is pending. */
    public boolean step() {
        return engine.step();
    }

    /** Processes every event with time &lt;= {@code timePs}, then advances the clock to it; returns events processed. */
    public long runUntil(long timePs) {
        return engine.runUntil(timePs);
    }

    /** Runs until the workload completes, nothing is pending, or the next event is after {@code maxTimePs}; returns events processed. */
    public long runToCompletion(long maxTimePs) {
        long before = engine.processed();
        while (!workload.complete() && engine.nextTime() <= maxTimePs) {
            engine.step();
        }
        return engine.processed() - before;
    }

    /** EV transitions beyond the first {@value #MAX_RECORDED_TRANSITIONS}, heard by listeners but not in {@link #summary()}. */
    public long transitionsNotRecorded() {
        return transitionsNotRecorded;
    }

    public boolean workloadComplete() {
        return workload.complete();
    }

    public long eventsProcessed() {
        return engine.processed();
    }

    public FaultInjector faults() {
        return faults;
    }

    public FabricTelemetry telemetry() {
        return telemetry;
    }

    /**
     * Where every packet went so far, each figure counted at a different place (see
     * {@link PacketCensus}); walks every queue, wire, QP and pending event, so it is for tests and
     * inspection between steps, not for a hot loop.
     */
    public PacketCensus packetCensus() {
        long dataReceived = 0;
        long trimmedReceived = 0;
        for (int host = 0; host < topology.hosts; host++) {
            for (int plane = 0; plane < topology.planes; plane++) {
                dataReceived += transport.hostPlaneCounter(host, plane, HostPlaneCounter.RX_DATA_PACKETS);
                trimmedReceived += transport.hostPlaneCounter(host, plane, HostPlaneCounter.TRIMMED_RX_LAST_HOP)
                        + transport.hostPlaneCounter(host, plane, HostPlaneCounter.TRIMMED_RX_FABRIC);
            }
        }
        long trimmed = 0;
        for (int port = 0; port < topology.portCount; port++) {
            trimmed += network.portCounter(port, PortCounter.TRIMMED);
        }
        Map<PacketClass, Long> stragglers = new EnumMap<>(PacketClass.class);
        Map<PacketClass, Map<PortCounter, Long>> dropped = new EnumMap<>(PacketClass.class);
        for (PacketClass kind : PacketClass.values()) {
            stragglers.put(kind, transport.stragglersDiscarded(kind));
            Map<PortCounter, Long> byCause = new EnumMap<>(PortCounter.class);
            for (PortCounter cause : PacketCensus.DROP_CAUSES) {
                byCause.put(cause, network.dropped(kind, cause));
            }
            dropped.put(kind, byCause);
        }
        return new PacketCensus(
                transport.dataPacketsSent(),
                dataReceived,
                trimmedReceived,
                stragglers,
                trimmed,
                dropped,
                network.heldPackets(),
                network.pool().live());
    }

    public RunSummary summary() {
        long[] fcts = transport.completionTimes().kept();
        Arrays.sort(fcts);
        long simulatedPs = engine.now();
        List<RunSummary.Plane> planes = new ArrayList<>();
        for (int p = 0; p < topology.planes; p++) {
            double gbps = simulatedPs == 0 ? 0 : network.planeDeliveredBytes(p) * 8000.0 / simulatedPs;
            planes.add(new RunSummary.Plane(
                    p,
                    gbps,
                    network.planeTrimmed(p),
                    network.planeDropped(p),
                    transport.planeRetirements(p),
                    transport.planeDenials(p)));
        }
        return new RunSummary(
                scenario.name(),
                scenario.seed(),
                simulatedPs / 1000,
                engine.processed(),
                new RunSummary.Messages(
                        workload.expectedMessages(),
                        transport.messagesCompleted(),
                        workload.expectedBytes(),
                        transport.bytesDelivered(),
                        transport.duplicateBytes(),
                        transport.messagesFailed()),
                new RunSummary.Packets(
                        network.dataSent(),
                        network.dataDelivered(),
                        network.dataTrimmed(),
                        network.dataDropped(),
                        network.dataInFlight()),
                new RunSummary.Fct(
                        quantile(fcts, 0.5),
                        quantile(fcts, 0.99),
                        transport.completionTimes().maxNs(),
                        transport.completionTimes().meanNs()),
                planes,
                transitions,
                network.dataSent(),
                workload.steps(),
                engine.traceDigest(),
                qpFailures);
    }

    private static long quantile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, Math.max(0, (int) Math.ceil(q * sorted.length) - 1))];
    }

    /** The workload's handle on the simulated hosts. */
    private final class EngineTraffic implements Traffic {
        @Override
        public int hosts() {
            return topology.hosts;
        }

        @Override
        public int planes() {
            return topology.planes;
        }

        @Override
        public long deliveredBytes(int plane) {
            return network.planeDeliveredBytes(plane);
        }

        @Override
        public long nowPs() {
            return engine.now();
        }

        @Override
        public int openQp(int src, int dst) {
            return transport.openQp(src, dst);
        }

        @Override
        public int post(int qp, long bytes) {
            return transport.post(qp, bytes);
        }

        @Override
        public int qpSource(int qp) {
            return transport.qpSource(qp);
        }

        @Override
        public int qpDestination(int qp) {
            return transport.qpDestination(qp);
        }

        @Override
        public void timer(long atPs, int arg) {
            engine.schedule(atPs, EventKind.WORKLOAD, 0, arg + 1);
        }
    }
}
