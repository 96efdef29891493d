package org.planewatch.sim.limits;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Limits;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.config.TransportConfig;
import org.planewatch.sim.config.TransportMode;
import org.planewatch.sim.workload.ConnectionMatrixReader;

/**
 * Estimates the heap a scenario's simulation needs before anything is built, from the sizes of the
 * arrays the simulation allocates (each constant below names them) and the peak of its traffic
 * state: every QP's first window of packets in flight at once, as when a whole fabric starts a
 * collective at time 0. Calibrated against the heap measured on real runs (ADR 0088,
 * {@code org.planewatch.sim.perf.HeapCalibration}): it is at or above it, by 1.1 to 2.1 times there.
 */
public final class ScenarioFootprint {

    /**
     * Per QP whatever its EVs: the QueuePair object (about 390 bytes of fields), its initial PSN,
     * transmission, retransmission, message and bitmap rings, the headers of its 12 EV arrays, and
     * its slots in the transport's and the workload's QP arrays.
     */
    static final double QP_BYTES = 392 + 1216 + 12 * 16 + 16;
    /** Per EV: plane, T1, sent, ECN, trims, losses, acked sequence, spray order (ints), state and penalty (bytes), since (long). */
    static final double EV_BYTES = 8 * 4 + 2 + 8;
    /** Per EV of a QP that retired one: next probe, back-off (longs), probe outstanding (boolean). */
    static final double PROBE_EV_BYTES = 8 + 8 + 1;
    /** Per PSN slot of a QP's window: state (byte), bytes, sequence (ints), EV (short), sent at (long). */
    static final double PSN_SLOT_BYTES = 1 + 4 + 4 + 2 + 8;
    /** Per slot of a QP's transmission ring: PSN and sequence. */
    static final double RING_SLOT_BYTES = 4 + 4;
    /** Per packet of the pool: kind, flags, hop (bytes), 8 ints, 4 longs, its free-list entry. */
    static final double PACKET_BYTES = 3 + 8 * 4 + 4 * 8 + 4;
    /** Initial packet pool. */
    static final double POOL_INITIAL_PACKETS = 1 << 14;
    /** Delay lanes that fill with packets: serialisation, and wire arrival with and without switch latency. */
    static final int BUSY_LANES = 3;
    /** Per EV transition the summary keeps: the record, its list of 2-4 (shared) link names, its list slot. */
    static final double TRANSITION_BYTES = 120;
    /** Per link a transition named: its name, kept once (String, boxed index, map entry). */
    static final double LINK_NAME_BYTES = 110;
    /** The summary keeps the first million transitions. */
    static final double MAX_TRANSITIONS = 1_000_000;
    /** Per flow of a matrix workload: the Flow record and its slots in two lists. */
    static final double FLOW_BYTES = 40 + 2 * 4;
    /** Per connection while a matrix file is read: its id's entry in the duplicate check. */
    static final double MATRIX_LINE_BYTES = 64;
    /** Completion times kept exactly (then sampled): a long each, in an array that doubles. */
    static final double COMPLETION_BYTES = 2 * 8;

    static final double MAX_COMPLETIONS = 1 << 20;
    /** Per finished round: the StepResult, its slowest-transfer text, per plane a boxed goodput. */
    static final double STEP_BYTES = 200;

    static final double STEP_PLANE_BYTES = 24;
    /** Engine, lanes, initial pool and queues, telemetry scratch: the same for every scenario. */
    static final double BASE_BYTES = 4.0 * 1024 * 1024;

    private static final Pattern PLANE_OF_SWITCH = Pattern.compile("(?:^|~)p(\\d+)-t[01]-");

    private ScenarioFootprint() {}

    /** The estimate for this JVM's collector (its region size matters for large arrays). */
    public static MemoryEstimate estimate(Scenario scenario) {
        return estimate(scenario, HeapBudget.ofThisJvm());
    }

    public static MemoryEstimate estimate(Scenario scenario, HeapBudget budget) {
        FabricConfig fabric = scenario.fabric();
        TransportConfig transport = scenario.transport();
        WorkloadShape work = WorkloadShape.of(scenario);
        boolean ecmp = transport.mode() == TransportMode.ECMP;
        LargeArrays large = new LargeArrays(budget.regionBytes());

        double hosts = (double) fabric.hostsPerT0() * fabric.t0PerPlane();
        double hostPorts = hosts * fabric.planes();
        double ports =
                FabricConfig.portCount(fabric.planes(), fabric.hostsPerT0(), fabric.t0PerPlane(), fabric.t1PerPlane());
        double links = ports / 2;
        double switches = (double) fabric.planes() * (fabric.t0PerPlane() + fabric.t1PerPlane());
        // Per port: peer and link (Topology), 8 ints and 17 longs of queues and counters, 13 longs of
        // its wire's counters and queue integrals. Per link: down, drop probability, bit error rate, flaps, random
        // state (and,
        // ECMP only, when it went down). Per switch: first port, port count, random state. Per host
        // and plane: the transport's 17 NIC-port counters.
        double fabricBytes = large.arrays(ports, 4, 4, 8 * 4, Limits.LONGS_PER_PORT * 8, 13 * 8)
                + large.arrays(links, 1, 8, 8, 4, 8)
                + (ecmp ? large.arrays(links, 8) : 0)
                + large.arrays(switches, 4, 4, 8)
                + large.arrays(hostPorts, 17 * 8);

        int evs = ecmp ? 1 : transport.evsPerQp();
        double packetBytes = fabric.mtuBytes() + fabric.headerBytes();
        double outstandingPackets = work.packetsPerMessage(fabric.mtuBytes()) * work.outstandingMessagesPerQp();
        double windowPackets = Math.ceil(maxWindowBytes(fabric, transport) / packetBytes);
        double inFlightPerQp = Math.min(outstandingPackets, windowPackets);
        double perQp = QP_BYTES
                + evs * EV_BYTES
                + 4.0 * fabric.planes()
                + grown(outstandingPackets, 16) * PSN_SLOT_BYTES
                + grown(outstandingPackets / 64 + 1, 2) * 8
                + grown(inFlightPerQp, 64) * RING_SLOT_BYTES
                + grown(Math.min(work.messagesPerQp(), 1024), 4) * 8;
        double qpBytes = work.qps() * perQp + large.arrays(pow2(work.qps()), 4) + large.arrays(work.qps(), 4);

        // Every QP's first window at once (all start at time 0): the peak. Later a window's packets
        // are partly data still in flight and partly the ACKs of data delivered (fewer: one per
        // ackEveryPackets), never more than the window's worth; retired EVs add a probe each.
        double retired = ecmp ? 0 : retiredEvs(scenario, work);
        double livePackets = work.qps() * inFlightPerQp + retired;
        double poolPackets = Math.max(POOL_INITIAL_PACKETS, pow2(livePackets));
        double pool = large.arrays(poolPackets, 1, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 8, 8, 8, 8);
        // Packets being serialised or on a wire are events in the engine's delay lanes (FIFO rings
        // that double, about three of them busy): at most what the wires of all ports hold, the
        // rest wait in queues. Timers, probes and later flows wait in the engine's heap.
        double onWires = Math.min(livePackets, ports * packetsPerWire(fabric));
        double heapEvents =
                work.qps() + retired + work.timedFlows() + scenario.faults().size();
        double trafficBytes = pool + large.arrays(pow2(heapEvents), 8, 8, 8);
        for (int lane = 0; lane < BUSY_LANES; lane++) {
            trafficBytes += large.arrays(pow2(onWires), 8, 8, 8);
        }

        double exclusionBytes = retired == 0 ? 0 : exclusionState(scenario, work, retired, links);

        double workloadBytes = work.flowRecords() * FLOW_BYTES
                + Math.min(work.totalMessages(), MAX_COMPLETIONS) * COMPLETION_BYTES
                + (double) work.rounds() * (STEP_BYTES + fabric.planes() * STEP_PLANE_BYTES);

        return new MemoryEstimate(
                fabricBytes, qpBytes, trafficBytes, exclusionBytes, workloadBytes, BASE_BYTES, large.slack());
    }

    /**
     * Arrays sized by the fabric or the traffic. Under G1 an array of half a region or more is
     * "humongous": it takes whole regions, and the rest of its last one holds nothing else. Arrays
     * that double (pools, queues) are powers of two, one header past a whole number of regions, so
     * nearly a region each is lost: the slack counts it.
     */
    private static final class LargeArrays {
        private static final double HEADER = 16;
        private final double region;
        private double slack;

        LargeArrays(long regionBytes) {
            this.region = regionBytes;
        }

        /** Bytes of one array per element size given, each of {@code length} elements; their slack is kept apart. */
        double arrays(double length, int... elementBytes) {
            double total = 0;
            for (int bytes : elementBytes) {
                double size = HEADER + length * bytes;
                total += size;
                if (region > 0 && size >= region / 2) {
                    slack += Math.ceil(size / region) * region - size;
                }
            }
            return total;
        }

        double slack() {
            return slack;
        }
    }

    /**
     * The most connections a matrix file may declare for its flows to fit {@code budget}, counting
     * only what each costs at least (the flow, its QP and EVs): a file beyond it is refused at its
     * Connections line, before its lines are read.
     */
    public static ConnectionMatrixReader.ConnectionLimit connectionLimit(TransportConfig transport, HeapBudget budget) {
        int evs = transport.mode() == TransportMode.ECMP ? 1 : transport.evsPerQp();
        double perFlow = FLOW_BYTES + MATRIX_LINE_BYTES + QP_BYTES + evs * EV_BYTES;
        double fits = budget.usableBytes() / perFlow;
        if (fits >= Limits.MAX_MATRIX_FLOWS) {
            return ConnectionMatrixReader.ConnectionLimit.HARD;
        }
        return new ConnectionMatrixReader.ConnectionLimit(
                (long) fits,
                "each connection is a QP of at least "
                        + Math.round(perFlow / 1024) + " KB with evsPerQp " + evs + ", and this JVM has "
                        + MemoryEstimate.size(budget.maxHeapBytes()) + " (-Xmx), of which a scenario may use "
                        + Math.round(HeapBudget.USABLE_SHARE * 100) + " %");
    }

    /**
     * EVs out of service at once at most. Faults retire those on the planes they touch. Under an
     * incast congestion alone retires EVs until the ev_min_active guard stops it (measured: 79 % of
     * them); under an all-to-all, some (measured: 7 % at most): counted as one plane's share.
     * Where every host receives one flow (permutation, ring), only faults do.
     */
    private static double retiredEvs(Scenario scenario, WorkloadShape work) {
        TransportConfig transport = scenario.transport();
        int planes = scenario.fabric().planes();
        double guardShare = 1 - (double) transport.evMinActive() / transport.evsPerQp();
        double share = (double) planesTouched(scenario.faults()) / planes;
        if (work.fanIn() == WorkloadShape.FanIn.MANY_TO_ONE) {
            share = 1;
        } else if (work.fanIn() == WorkloadShape.FanIn.MANY_TO_MANY) {
            share = Math.max(share, 1.0 / planes);
        }
        return work.qps() * transport.evsPerQp() * Math.min(share, guardShare);
    }

    /**
     * What retired EVs hold beyond their probes (counted as events and packets): probe arrays on
     * the QPs that retire one, the transitions the summary keeps and the names of the links they
     * mention. Where senders meet at receivers transitions reach the summary's million within a few
     * hundred microseconds (incast, all-to-all: measured); with faults alone, three per retired EV
     * and fault step.
     */
    private static double exclusionState(Scenario scenario, WorkloadShape work, double retired, double links) {
        double transitions = work.fanIn() != WorkloadShape.FanIn.ONE_PER_RECEIVER
                ? MAX_TRANSITIONS
                : Math.min(MAX_TRANSITIONS, retired * 3 * faultSteps(scenario));
        return work.qps() * (scenario.transport().evsPerQp() * PROBE_EV_BYTES + 3 * 16)
                + transitions * TRANSITION_BYTES
                + Math.min(links, retired * 4) * LINK_NAME_BYTES;
    }

    /** Distinct planes the faults name (a host link belongs to the plane of its T0). */
    private static int planesTouched(List<FaultSpec> faults) {
        Set<Integer> planes = new HashSet<>();
        for (FaultSpec fault : faults) {
            String name = switch (fault) {
                case FaultSpec.LinkDown f -> f.link();
                case FaultSpec.LinkUp f -> f.link();
                case FaultSpec.LinkFlap f -> f.link();
                case FaultSpec.GrayLink f -> f.link();
                case FaultSpec.CrcErrors f -> f.link();
                case FaultSpec.SwitchReboot f -> f.switchName();
                case FaultSpec.PlaneDown f -> "p" + f.plane() + "-t0-";
                case FaultSpec.PlaneUp f -> "p" + f.plane() + "-t0-";
            };
            Matcher plane = PLANE_OF_SWITCH.matcher(name);
            if (plane.find()) {
                planes.add(Integer.parseInt(plane.group(1)));
            }
        }
        return planes.size();
    }

    /** Steps the faults take within the run (all of them when it runs until the workload completes). */
    private static double faultSteps(Scenario scenario) {
        double steps = 0;
        for (FaultSpec fault : scenario.faults()) {
            steps += switch (fault) {
                case FaultSpec.LinkFlap flap ->
                    2
                            * (scenario.durationNs() == 0
                                    ? flap.count()
                                    : Math.min(
                                            flap.count(),
                                            Math.max(0, (scenario.durationNs() - flap.atNs()) / flap.periodNs() + 1)));
                case FaultSpec.SwitchReboot reboot -> 2;
                default -> 1;
            };
        }
        return steps;
    }

    /**
     * Packets one port has in serialisation and on its wire at once at most: one, plus a wire's (and
     * a switch's) delay of them, counted in the smallest packets (headers: ACKs, NACKs, probes).
     */
    static double packetsPerWire(FabricConfig fabric) {
        double serialisationPs = fabric.headerBytes() * 8000.0 / fabric.linkGbps();
        return 1 + Math.ceil((fabric.linkDelayNs() + fabric.switchLatencyNs()) * 1000.0 / serialisationPs);
    }

    /**
     * A QP's largest window, as the transport sets it: nsccMaxCwndBdp bandwidth-delay products of
     * the longest path (host, T0, T1, T0, host) over every plane it sprays on.
     */
    static double maxWindowBytes(FabricConfig fabric, TransportConfig transport) {
        double psPerByte = 8000.0 / fabric.linkGbps();
        double packet = fabric.mtuBytes() + fabric.headerBytes();
        int links = fabric.t0PerPlane() > 1 ? 4 : 2;
        double baseRttPs = links * (2.0 * fabric.linkDelayNs() * 1000 + (packet + fabric.headerBytes()) * psPerByte)
                + 2.0 * (links - 1) * fabric.switchLatencyNs() * 1000;
        int planes = transport.mode() == TransportMode.ECMP ? 1 : fabric.planes();
        double bdp = baseRttPs / psPerByte * planes;
        return Math.max(packet, transport.nsccMaxCwndBdp() * bdp);
    }

    /** Slots an array that starts at {@code initial} and doubles holds for {@code needed}, beyond its initial ones. */
    private static double grown(double needed, double initial) {
        return Math.max(0, pow2(Math.max(needed, initial)) - initial);
    }

    private static double pow2(double value) {
        return value <= 1 ? 1 : Math.pow(2, Math.ceil(Math.log(value) / Math.log(2)));
    }
}
