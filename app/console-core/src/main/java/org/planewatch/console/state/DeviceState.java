package org.planewatch.console.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planewatch.console.state.FabricSnapshot.EvCell;
import org.planewatch.console.state.FabricSnapshot.HostPlanePort;
import org.planewatch.console.state.FabricSnapshot.HostSummary;
import org.planewatch.console.state.FabricSnapshot.PortSummary;
import org.planewatch.console.state.FabricSnapshot.QpSummary;
import org.planewatch.console.state.FabricSnapshot.QueueSummary;
import org.planewatch.console.state.FabricSnapshot.SwitchSummary;
import org.planewatch.telemetry.schema.EthernetSpeed;
import org.planewatch.telemetry.schema.EvLeaves;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.schema.QpLeaves;
import org.planewatch.telemetry.schema.QueueLeaves;

/**
 * What the console knows about one device (host or switch), owned by the state thread. Its
 * immutable summary is rebuilt only after an update touched it.
 */
final class DeviceState {
    /**
     * The leaves of each kind of table whose rates the summaries below read: only they keep a rate
     * (ADR 0108).
     */
    static final Set<String> PORT_RATES = Set.of(
            InterfaceLeaves.OUT_OCTETS,
            InterfaceLeaves.IN_OCTETS,
            InterfaceLeaves.TRIM_PKTS,
            InterfaceLeaves.OUT_DISCARDS,
            InterfaceLeaves.IN_ERRORS,
            InterfaceLeaves.IN_DISCARDS,
            InterfaceLeaves.OUT_PKTS,
            InterfaceLeaves.IN_PKTS);

    static final Set<String> QUEUE_RATES = Set.of(
            QueueLeaves.TRANSMIT_PKTS, QueueLeaves.ECN_MARKED_PKTS, QueueLeaves.TRIM_PKTS, QueueLeaves.DROPPED_PKTS);
    static final Set<String> PLANE_RATES =
            Set.of(PlaneLeaves.TX_OCTETS, PlaneLeaves.RX_OCTETS, PlaneLeaves.RETRANSMITS, PlaneLeaves.TRIM_NACKS_RCVD);
    static final Set<String> QP_RATES = Set.of(QpLeaves.TX_PKTS, QpLeaves.RETRANSMITS);
    static final Set<String> EV_RATES = Set.of();

    /**
     * Every leaf of each kind of table the summaries below (and {@link PortPeers}, {@link
     * FabricTopology}) read, the rates above and the values and texts here: only they are kept (ADR
     * 0108); a reader of another leaf must add it here.
     */
    static final Set<String> PORT_LEAVES =
            with(PORT_RATES, InterfaceLeaves.OPER_STATUS, InterfaceLeaves.DESCRIPTION, InterfaceLeaves.PORT_SPEED);

    static final Set<String> QUEUE_LEAVES = with(QUEUE_RATES, QueueLeaves.MAX_QUEUE_LEN, QueueLeaves.AVG_QUEUE_LEN);
    static final Set<String> PLANE_LEAVES = with(
            PLANE_RATES,
            PlaneLeaves.PORT_NAME,
            PlaneLeaves.OPER_STATUS,
            PlaneLeaves.EVS_GOOD,
            PlaneLeaves.EVS_ASSUMED_BAD,
            PlaneLeaves.EVS_DENIED,
            PlaneLeaves.EVS_UNKNOWN);
    static final Set<String> QP_LEAVES = with(
            QP_RATES,
            QpLeaves.PEER,
            QpLeaves.EVS_ACTIVE,
            QpLeaves.CWND_OCTETS,
            QpLeaves.INFLIGHT_OCTETS,
            QpLeaves.SRTT_NS);
    static final Set<String> EV_LEAVES =
            with(EV_RATES, EvLeaves.PLANE, EvLeaves.EXCLUSION_STATE, EvLeaves.PENALTY, EvLeaves.TRIMS, EvLeaves.LOSSES);

    private static Set<String> with(Set<String> rates, String... more) {
        Set<String> leaves = new java.util.HashSet<>(rates);
        leaves.addAll(List.of(more));
        return Set.copyOf(leaves);
    }

    /** What the device is (host, T0 or T1 of a plane); learnt again when the topology changes. */
    DeviceName name;

    String source = "";
    long lastSeenMillis;
    /** When its samples were taken, on the time base of its counters (simulated time for a simulated device). */
    final SampleClock sampleClock;

    /**
     * The instants of its latest counter sample and of the one before ({@link LeafTable#NO_SAMPLE}:
     * none), on the counters' time base: what a counter held back since it stood still is rated from
     * when it moves again (ADR 0149). Counters only: a leaf sent on change comes between samples.
     */
    private long counterSampleNs = LeafTable.NO_SAMPLE;

    private long counterSampleBeforeNs = LeafTable.NO_SAMPLE;

    private final Map<String, LeafTable> ports = new SortedRows<>();
    /** Port names in natural order with their peers, rebuilt when a port comes or goes or peers are re-learnt. */
    private List<String> sortedPorts;

    private DeviceName[] portPeers;
    private String[] portDescriptions;
    private int portPeersGeneration = -1;
    /** port name -> queue name -> leaves */
    final Map<String, Map<String, LeafTable>> queues = new SortedRows<>();

    final Map<Integer, LeafTable> planes = new SortedRows<>();

    /** A port's LLDP neighbor: the device at the far end and the port it sends from. */
    static final class Neighbor {
        String system = "";
        String port = "";
    }

    /** Port name to its LLDP neighbor ({@code /lldp/interfaces/interface/neighbors}). */
    final Map<String, Neighbor> neighbors = new SortedRows<>();

    final Map<Long, LeafTable> qps = new SortedRows<>();
    final Map<Long, Map<Integer, LeafTable>> evs = new SortedRows<>();
    private boolean dirty = true;
    private Object summary;
    private Freshness summaryFreshness;
    private int summaryPeers = -1;

    DeviceState(DeviceName name, boolean joinsLate) {
        this.sampleClock = new SampleClock(joinsLate);
        this.name = name;
    }

    /**
     * A counter of this device was sampled at {@code timestampNs}: the instant of the counter sample
     * before that one ({@link LeafTable#NO_SAMPLE}: none seen). The parts of one sample share their
     * instant; a sample older than the latest (the simulation started again) forgets what came before.
     */
    long counterSampled(long timestampNs) {
        if (timestampNs > counterSampleNs) {
            counterSampleBeforeNs = counterSampleNs;
            counterSampleNs = timestampNs;
        } else if (timestampNs < counterSampleNs) {
            counterSampleBeforeNs = LeafTable.NO_SAMPLE;
            counterSampleNs = timestampNs;
        }
        return counterSampleBeforeNs;
    }

    /** The row a table leaf's route names, created on its first leaf. */
    LeafTable table(LeafRoute route) {
        LeafRoute.Row row = route.row;
        return switch (row.kind()) {
            case PORT -> port(row.name(), route.layout);
            case QUEUE ->
                queues.computeIfAbsent(row.name(), p -> new SortedRows<>())
                        .computeIfAbsent(row.subName(), q -> new LeafTable(route.layout));
            case PLANE -> planes.computeIfAbsent((int) row.number(), p -> new LeafTable(route.layout));
            case QP -> qps.computeIfAbsent(row.number(), q -> new LeafTable(route.layout));
            case EV ->
                evs.computeIfAbsent(row.number(), q -> new SortedRows<>())
                        .computeIfAbsent((int) row.subNumber(), e -> new LeafTable(route.layout));
        };
    }

    /** The leaves of a port, created on its first leaf. */
    private LeafTable port(String port, LeafLayout layout) {
        LeafTable table = ports.get(port);
        if (table == null) {
            table = new LeafTable(layout);
            ports.put(port, table);
            sortedPorts = null;
        }
        return table;
    }

    boolean removePort(String port) {
        if (ports.remove(port) == null) {
            return false;
        }
        sortedPorts = null;
        return true;
    }

    void touch() {
        dirty = true;
        hostPorts.clear();
        changes++;
    }

    /** Counts {@link #touch}es: what a link's far end was built from is the same while it is (ADR 0123). */
    int changes;
    /** {@link #changes} and the freshness when the links whose far end this is were last looked at. */
    int changesAtLinks = -1;

    Freshness freshnessAtLinks;
    /** Touched since the fabric model's summary before: listed for the topology's signature. */
    boolean touchedSinceSummary;
    /** This device's term of {@link FabricTopology#signature}, as of the summary before. */
    long signatureTerm;

    /** The device is something else than thought (the topology was learnt again). */
    void rename(DeviceName newName) {
        if (!newName.equals(name)) {
            name = newName;
            dirty = true;
        }
    }

    SwitchSummary switchSummary(Freshness freshness, PortPeers peers) {
        if (dirty
                || summaryFreshness != freshness
                || summaryPeers != peers.generation()
                || !(summary instanceof SwitchSummary)) {
            List<PortSummary> portSummaries = new ArrayList<>(ports.size());
            if (sortedPorts == null || portPeersGeneration != peers.generation()) {
                List<String> names = new ArrayList<>(ports.keySet());
                names.sort(NaturalOrder.INSTANCE);
                sortedPorts = names;
                portPeers = new DeviceName[names.size()];
                portDescriptions = new String[names.size()];
                portPeersGeneration = peers.generation();
            }
            for (int i = 0; i < sortedPorts.size(); i++) {
                String port = sortedPorts.get(i);
                LeafTable leaves = ports.get(port);
                // A peer is found again only when the port's description (one way of naming it) changed.
                String description = leaves.text(InterfaceLeaves.DESCRIPTION, "");
                if (portPeers[i] == null || !description.equals(portDescriptions[i])) {
                    portPeers[i] = peers.peer(name, port, leaves, ports.size());
                    portDescriptions[i] = description;
                }
                DeviceName peer = portPeers[i];
                portSummaries.add(port(port, peer.kind() == DeviceName.Kind.OTHER ? "" : peer.name(), leaves));
            }
            summaryPeers = peers.generation();
            summary = new SwitchSummary(
                    name.name(), name.plane(), name.tier(), name.index(), freshness, List.copyOf(portSummaries));
            summaryFreshness = freshness;
            dirty = false;
        }
        return (SwitchSummary) summary;
    }

    /**
     * This host's NIC port on {@code plane} as a port summary (the host end of its link), named by the
     * plane's {@code port-name}; null when the host reports no interface counters for it.
     */
    PortSummary hostPort(int plane) {
        PortSummary cached = hostPorts.get(plane);
        if (cached != null) {
            return cached;
        }
        LeafTable planeLeaves = planes.get(plane);
        String port = planeLeaves == null ? "" : planeLeaves.text(PlaneLeaves.PORT_NAME, "");
        LeafTable leaves = ports.get(port);
        PortSummary summary = leaves == null ? null : port(port, "", leaves);
        if (summary != null) {
            hostPorts.put(plane, summary);
        }
        return summary;
    }

    /** {@link #hostPort} summaries until the next update: the same object while nothing changed. */
    private final Map<Integer, PortSummary> hostPorts = new SortedRows<>();

    private PortSummary port(String port, String peer, LeafTable leaves) {
        List<QueueSummary> queueSummaries = new ArrayList<>();
        double ecn = 0;
        for (Map.Entry<String, LeafTable> queue :
                queues.getOrDefault(port, Map.of()).entrySet()) {
            LeafTable q = queue.getValue();
            queueSummaries.add(new QueueSummary(
                    queue.getKey(),
                    q.rate(QueueLeaves.TRANSMIT_PKTS),
                    q.rate(QueueLeaves.ECN_MARKED_PKTS),
                    q.rate(QueueLeaves.TRIM_PKTS),
                    q.rate(QueueLeaves.DROPPED_PKTS),
                    q.value(QueueLeaves.MAX_QUEUE_LEN),
                    q.value(QueueLeaves.AVG_QUEUE_LEN)));
            ecn += FabricSnapshot.nanToZero(q.rate(QueueLeaves.ECN_MARKED_PKTS));
        }
        return new PortSummary(
                port,
                peer,
                leaves.text(InterfaceLeaves.OPER_STATUS, "UNKNOWN"),
                bits(leaves.rate(InterfaceLeaves.OUT_OCTETS)),
                bits(leaves.rate(InterfaceLeaves.IN_OCTETS)),
                leaves.rate(InterfaceLeaves.TRIM_PKTS),
                // out-discards holds the trimmed headers a full header queue dropped (dropped-trim-pkts) too
                leaves.rate(InterfaceLeaves.OUT_DISCARDS),
                queueSummaries.isEmpty() ? Double.NaN : ecn,
                List.copyOf(queueSummaries),
                leaves.rate(InterfaceLeaves.IN_ERRORS),
                leaves.rate(InterfaceLeaves.IN_DISCARDS),
                leaves.rate(InterfaceLeaves.OUT_PKTS),
                leaves.rate(InterfaceLeaves.IN_PKTS),
                EthernetSpeed.gbps(leaves.text(InterfaceLeaves.PORT_SPEED, null))
                                .orElse(Double.NaN)
                        * 1e9,
                Double.NaN,
                leaves.value(InterfaceLeaves.OUT_OCTETS),
                leaves.value(InterfaceLeaves.IN_OCTETS),
                leaves.timestampNs(InterfaceLeaves.OUT_OCTETS));
    }

    HostSummary hostSummary(Freshness freshness) {
        if (dirty || summaryFreshness != freshness || !(summary instanceof HostSummary)) {
            Map<Long, List<EvCell>> cells = new HashMap<>();
            qps.keySet().forEach(qpn -> cells.put(qpn, evCells(qpn)));
            Map<Integer, long[]> evStates = statesByPlane(cells);
            List<HostPlanePort> planePorts = new ArrayList<>(planes.size());
            planes.forEach((plane, p) -> {
                long[] counted = evStates == null ? null : evStates.getOrDefault(plane, new long[4]);
                planePorts.add(new HostPlanePort(
                        plane,
                        p.text(PlaneLeaves.PORT_NAME, ""),
                        p.text(PlaneLeaves.OPER_STATUS, "UNKNOWN"),
                        bits(p.rate(PlaneLeaves.TX_OCTETS)),
                        bits(p.rate(PlaneLeaves.RX_OCTETS)),
                        counted != null ? counted[0] : p.value(PlaneLeaves.EVS_GOOD),
                        counted != null ? counted[1] : p.value(PlaneLeaves.EVS_ASSUMED_BAD),
                        counted != null ? counted[2] : p.value(PlaneLeaves.EVS_DENIED),
                        counted != null ? counted[3] : p.value(PlaneLeaves.EVS_UNKNOWN),
                        p.rate(PlaneLeaves.RETRANSMITS),
                        p.rate(PlaneLeaves.TRIM_NACKS_RCVD)));
            });
            List<QpSummary> qpSummaries = new ArrayList<>(qps.size());
            qps.forEach((qpn, q) -> {
                List<EvCell> evCells = cells.get(qpn);
                qpSummaries.add(new QpSummary(
                        qpn,
                        q.text(QpLeaves.PEER, ""),
                        allStated(evCells)
                                ? evCells.stream()
                                        .filter(ev -> ev.state().equals(GOOD))
                                        .count()
                                : q.value(QpLeaves.EVS_ACTIVE),
                        q.value(QpLeaves.CWND_OCTETS),
                        q.value(QpLeaves.INFLIGHT_OCTETS),
                        q.value(QpLeaves.SRTT_NS),
                        q.rate(QpLeaves.TX_PKTS),
                        q.rate(QpLeaves.RETRANSMITS),
                        evCells));
            });
            summary = new HostSummary(name.name(), freshness, List.copyOf(planePorts), List.copyOf(qpSummaries));
            summaryFreshness = freshness;
            dirty = false;
        }
        return (HostSummary) summary;
    }

    private static final String GOOD = "GOOD";
    private static final List<String> COUNTED_STATES = List.of(GOOD, "ASSUMED_BAD", "DENIED", "UNKNOWN");

    /**
     * Per plane, the host's EVs counted by state (GOOD, ASSUMED_BAD, DENIED, UNKNOWN) from the per-EV
     * leaves, when every QP of the host has them, each with a state; else null. The per-EV leaves
     * (the host being looked at) are sent the moment an EV changes, whereas a QP's evs-active and a
     * plane's EV counts are gauges sampled once an interval (a second) on another subscription: side
     * by side they disagreed for up to that second at every change (a QP "62 active" above 64 green
     * EVs, a plane row with 0 UNKNOWN above grey cells). Counted from the same states, the rows and
     * the grid tell one story.
     */
    private static Map<Integer, long[]> statesByPlane(Map<Long, List<EvCell>> cells) {
        if (cells.isEmpty() || !cells.values().stream().allMatch(DeviceState::allStated)) {
            return null;
        }
        Map<Integer, long[]> byPlane = new HashMap<>();
        for (List<EvCell> qp : cells.values()) {
            for (EvCell ev : qp) {
                int state = COUNTED_STATES.indexOf(ev.state());
                if (state >= 0) {
                    byPlane.computeIfAbsent(ev.plane(), p -> new long[4])[state]++;
                }
            }
        }
        return byPlane;
    }

    /** Whether a QP's per-EV leaves arrived, every EV with its state. */
    private static boolean allStated(List<EvCell> cells) {
        return !cells.isEmpty() && cells.stream().noneMatch(ev -> ev.state().isEmpty());
    }

    /** A QP's EVs; an EV whose exclusion state has not arrived has an empty state (never a made-up UNKNOWN). */
    private List<EvCell> evCells(long qpn) {
        Map<Integer, LeafTable> table = evs.get(qpn);
        if (table == null) {
            return List.of();
        }
        List<EvCell> cells = new ArrayList<>(table.size());
        table.forEach((id, ev) -> cells.add(new EvCell(
                id,
                (int) ev.value(EvLeaves.PLANE),
                ev.text(EvLeaves.EXCLUSION_STATE, ""),
                ev.decimal(EvLeaves.PENALTY),
                ev.value(EvLeaves.TRIMS),
                ev.value(EvLeaves.LOSSES))));
        return List.copyOf(cells);
    }

    static double bits(double octetRate) {
        return Double.isNaN(octetRate) ? Double.NaN : octetRate * 8;
    }
}
