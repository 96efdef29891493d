package org.planewatch.agent.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.HostPlaneCounter;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.EthernetSpeed;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.schema.QueueLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The fixed leaves of one simulated device and how each is read: a snapshot only reads counters.
 * Read on the simulation's thread only.
 *
 * <p>A device keeps only its ports (and a queue's running averages); the paths of interface
 * {@code ethK} or plane P, and every constant value, are built once per fabric in {@link Shared}
 * and are the same objects for every device, so the server's per-path lookups compare by identity.
 * A record and a lambda per leaf (issue 21) took about 9 GB for the full fabric's 170 million leaves;
 * this takes a few hundred MB (ADR 0103).
 *
 * <p>Mapping from the simulator's counters (see docs/adr/0024): a host's port to plane P is interface
 * {@code ethP}; switch port K is interface {@code ethK} with queues {@code data} and {@code header}.
 * Each leaf counts what its definition in the schema says, where a real device counts it: the
 * receive counters are the receiving end's (bit errors are the receiver's {@code in-fcs-errors}, a
 * gray link's losses show only as the sender's {@code out-pkts} less the receiver's {@code in-pkts}).
 * Every port also serves one LLDP neighbor, the device its link leads to.
 */
final class DeviceLeaves {

    /** Paths and constant values shared by every device of one fabric; used on the simulation's thread. */
    static final class Shared {
        private final FabricTelemetry t;
        private final TelemetryValue lastClear;
        private final TelemetryValue speed;
        private final List<PortPaths> ports = new ArrayList<>();
        private final List<PlanePaths> planes = new ArrayList<>();
        private final TelemetryValue[] nodeNames;
        private final TelemetryValue[] chassisIds;

        Shared(FabricTelemetry t, long epochNs) {
            this.t = t;
            // Counters start with the scenario: they were last cleared at its epoch.
            this.lastClear = TelemetryValue.uint(epochNs);
            this.speed = TelemetryValue.str(EthernetSpeed.identity(t.linkGbps()));
            int nodes = t.hostCount() + t.switchCount();
            this.nodeNames = new TelemetryValue[nodes];
            this.chassisIds = new TelemetryValue[nodes];
        }

        PortPaths port(int k) {
            while (ports.size() <= k) {
                ports.add(new PortPaths("eth" + ports.size()));
            }
            return ports.get(k);
        }

        PlanePaths plane(int p) {
            while (planes.size() <= p) {
                planes.add(new PlanePaths(planes.size()));
            }
            return planes.get(p);
        }

        TelemetryValue nodeName(int node) {
            TelemetryValue v = nodeNames[node];
            if (v == null) {
                v = TelemetryValue.str(node < t.hostCount() ? t.hostName(node) : t.switchName(node - t.hostCount()));
                nodeNames[node] = v;
            }
            return v;
        }

        TelemetryValue chassisId(int node) {
            TelemetryValue v = chassisIds[node];
            if (v == null) {
                v = TelemetryValue.str(DeviceLeaves.chassisId(node));
                chassisIds[node] = v;
            }
            return v;
        }
    }

    /** Counters read straight from a port, in the order they are served. */
    private static final String[] PORT_COUNTER_LEAVES = {
        InterfaceLeaves.IN_OCTETS,
        InterfaceLeaves.IN_PKTS,
        InterfaceLeaves.IN_DISCARDS,
        InterfaceLeaves.IN_ERRORS,
        InterfaceLeaves.IN_FCS_ERRORS,
        InterfaceLeaves.OUT_PKTS,
        InterfaceLeaves.OUT_OCTETS
    };

    private static final PortCounter[] PORT_COUNTERS = {
        PortCounter.RX_BYTES,
        PortCounter.RX_PACKETS,
        PortCounter.IN_DISCARDS,
        // Every receive error of the model is a bad frame check sequence.
        PortCounter.IN_FCS_ERRORS,
        PortCounter.IN_FCS_ERRORS,
        PortCounter.TX_PACKETS,
        PortCounter.TX_BYTES
    };

    private static final String[] LATER_COUNTER_LEAVES = {
        InterfaceLeaves.CARRIER_TRANSITIONS,
        InterfaceLeaves.TRIM_PKTS,
        InterfaceLeaves.OUT_TRIM_PKTS,
        InterfaceLeaves.DROPPED_TRIM_PKTS
    };

    private static final PortCounter[] LATER_COUNTERS = {
        PortCounter.CARRIER_TRANSITIONS, PortCounter.TRIMMED, PortCounter.TRIMMED_SENT, PortCounter.TRIMMED_THEN_DROPPED
    };

    private static final String[] DATA_QUEUE_LEAVES = {
        QueueLeaves.TRANSMIT_PKTS,
        QueueLeaves.TRANSMIT_OCTETS,
        QueueLeaves.DROPPED_PKTS,
        QueueLeaves.ECN_MARKED_PKTS,
        QueueLeaves.TRIM_PKTS,
        QueueLeaves.MAX_QUEUE_LEN
    };

    private static final PortCounter[] DATA_QUEUE_COUNTERS = {
        PortCounter.DATA_QUEUE_TX_PACKETS,
        PortCounter.DATA_QUEUE_TX_BYTES,
        PortCounter.DROP_DATA_QUEUE_FULL,
        PortCounter.ECN_MARKED,
        PortCounter.TRIMMED,
        PortCounter.DATA_QUEUE_MAX_BYTES
    };

    private static final String[] LLDP_LEAVES = {
        LldpLeaves.ID_LEAF,
        LldpLeaves.SYSTEM_NAME,
        LldpLeaves.SYSTEM_DESCRIPTION,
        LldpLeaves.CHASSIS_ID,
        LldpLeaves.CHASSIS_ID_TYPE,
        LldpLeaves.PORT_ID,
        LldpLeaves.PORT_ID_TYPE,
        LldpLeaves.PORT_DESCRIPTION
    };

    private static final String[] HOST_PLANE_LEAVES = {
        PlaneLeaves.NACKS_RCVD,
        PlaneLeaves.TRIM_NACKS_RCVD,
        PlaneLeaves.TRIM_NACKS_SENT,
        PlaneLeaves.ECN_ECHOES_RCVD,
        PlaneLeaves.RTO_EXPIRIES,
        PlaneLeaves.PROBES_SENT,
        PlaneLeaves.PROBES_OK,
        PlaneLeaves.PROBES_LOST,
        PlaneLeaves.EVS_GOOD,
        PlaneLeaves.EVS_ASSUMED_BAD,
        PlaneLeaves.EVS_DENIED,
        PlaneLeaves.EVS_UNKNOWN
    };

    private static final HostPlaneCounter[] HOST_PLANE_COUNTERS = {
        // Every NACK of the model answers a trimmed header, so NACKs and trim NACKs coincide.
        HostPlaneCounter.NACKS_RECEIVED,
        HostPlaneCounter.NACKS_RECEIVED,
        HostPlaneCounter.NACKS_SENT,
        HostPlaneCounter.ECN_ECHOES,
        HostPlaneCounter.RETRANSMITS_TIMEOUT,
        HostPlaneCounter.PROBES_SENT,
        HostPlaneCounter.PROBES_ANSWERED,
        HostPlaneCounter.PROBES_TIMED_OUT,
        HostPlaneCounter.EVS_GOOD,
        HostPlaneCounter.EVS_ASSUMED_BAD,
        HostPlaneCounter.EVS_DENIED,
        HostPlaneCounter.EVS_UNKNOWN
    };

    /** The leaf paths of interface {@code ethK}: its state, counters, LLDP neighbor and (on switches) queues. */
    static final class PortPaths {
        final TelemetryValue name;
        final TelemetryPath operStatus;
        final TelemetryPath adminStatus;
        final TelemetryPath portSpeed;
        final TelemetryPath[] counters;
        final TelemetryPath outDiscards;
        final TelemetryPath outErrors;
        final TelemetryPath[] laterCounters;
        final TelemetryPath lastClear;
        final TelemetryPath[] lldp;
        final TelemetryPath[] dataQueue;
        final TelemetryPath dataAverage;
        final TelemetryPath headerTransmitPkts;
        final TelemetryPath headerTransmitOctets;
        final TelemetryPath headerDropped;
        final TelemetryPath headerOutTrim;
        final TelemetryPath headerDroppedTrim;
        final TelemetryPath headerMaxLen;
        final TelemetryPath headerAverage;

        private PortPaths(String ifName) {
            name = TelemetryValue.str(ifName);
            TelemetryPath state = InterfaceLeaves.state(ifName);
            operStatus = state.child(InterfaceLeaves.OPER_STATUS);
            adminStatus = state.child(InterfaceLeaves.ADMIN_STATUS);
            portSpeed = InterfaceLeaves.ethernetState(ifName).child(InterfaceLeaves.PORT_SPEED);
            TelemetryPath c = state.child(PathNames.COUNTERS);
            counters = children(c, PORT_COUNTER_LEAVES);
            outDiscards = c.child(InterfaceLeaves.OUT_DISCARDS);
            outErrors = c.child(InterfaceLeaves.OUT_ERRORS);
            laterCounters = children(c, LATER_COUNTER_LEAVES);
            lastClear = c.child(InterfaceLeaves.LAST_CLEAR);
            lldp = children(LldpLeaves.state(ifName, NEIGHBOR_ID), LLDP_LEAVES);
            TelemetryPath data = QueueLeaves.state(ifName, "data");
            dataQueue = children(data, DATA_QUEUE_LEAVES);
            dataAverage = data.child(QueueLeaves.AVG_QUEUE_LEN);
            TelemetryPath header = QueueLeaves.state(ifName, "header");
            headerTransmitPkts = header.child(QueueLeaves.TRANSMIT_PKTS);
            headerTransmitOctets = header.child(QueueLeaves.TRANSMIT_OCTETS);
            headerDropped = header.child(QueueLeaves.DROPPED_PKTS);
            headerOutTrim = header.child(QueueLeaves.OUT_TRIM_PKTS);
            headerDroppedTrim = header.child(QueueLeaves.DROPPED_TRIM_PKTS);
            headerMaxLen = header.child(QueueLeaves.MAX_QUEUE_LEN);
            headerAverage = header.child(QueueLeaves.AVG_QUEUE_LEN);
        }
    }

    /** The leaf paths of a host's plane P. */
    static final class PlanePaths {
        final TelemetryPath portName;
        final TelemetryPath operStatus;
        final TelemetryPath txPkts;
        final TelemetryPath txOctets;
        final TelemetryPath rxPkts;
        final TelemetryPath rxOctets;
        final TelemetryPath retransmits;
        final TelemetryPath[] counters;
        final TelemetryPath lastClear;

        private PlanePaths(int plane) {
            TelemetryPath s = PlaneLeaves.state(plane);
            portName = s.child(PlaneLeaves.PORT_NAME);
            operStatus = s.child(PlaneLeaves.OPER_STATUS);
            txPkts = s.child(PlaneLeaves.TX_PKTS);
            txOctets = s.child(PlaneLeaves.TX_OCTETS);
            rxPkts = s.child(PlaneLeaves.RX_PKTS);
            rxOctets = s.child(PlaneLeaves.RX_OCTETS);
            retransmits = s.child(PlaneLeaves.RETRANSMITS);
            counters = children(s, HOST_PLANE_LEAVES);
            lastClear = s.child(PlaneLeaves.LAST_CLEAR);
        }
    }

    private static TelemetryPath[] children(TelemetryPath parent, String[] leaves) {
        TelemetryPath[] out = new TelemetryPath[leaves.length];
        for (int i = 0; i < leaves.length; i++) {
            out[i] = parent.child(leaves[i]);
        }
        return out;
    }

    private final Shared shared;
    private final FabricTelemetry t;
    /** The host's number, or -1 for a switch. */
    private final int host;
    /** Port ids by interface number (plane for a host, port index for a switch). */
    private final int[] ports;
    /**
     * Switches: per port and queue (data, header), the running integral and instant of the last
     * read and the average between the last two; 6 longs per port.
     */
    private final long[] queueAverages;

    private DeviceLeaves(Shared shared, int host, int[] ports, long[] queueAverages) {
        this.shared = shared;
        this.t = shared.t;
        this.host = host;
        this.ports = ports;
        this.queueAverages = queueAverages;
    }

    static DeviceLeaves host(Shared shared, int host) {
        FabricTelemetry t = shared.t;
        int[] ports = new int[t.planes()];
        for (int plane = 0; plane < ports.length; plane++) {
            ports[plane] = t.hostPort(host, plane);
            shared.port(plane);
            shared.plane(plane);
        }
        return new DeviceLeaves(shared, host, ports, null);
    }

    static DeviceLeaves switchDevice(Shared shared, int sw) {
        FabricTelemetry t = shared.t;
        int[] ports = new int[t.switchPortCount(sw)];
        long[] averages = new long[ports.length * 6];
        long now = t.nowPs();
        for (int k = 0; k < ports.length; k++) {
            ports[k] = t.switchPort(sw, k);
            shared.port(k);
            averages[k * 6] = t.portCounter(ports[k], PortCounter.DATA_QUEUE_OCTET_PS);
            averages[k * 6 + 1] = now;
            averages[k * 6 + 3] = t.portCounter(ports[k], PortCounter.HEADER_QUEUE_OCTET_PS);
            averages[k * 6 + 4] = now;
        }
        return new DeviceLeaves(shared, -1, ports, averages);
    }

    void read(TableWriter into) {
        for (int k = 0; k < ports.length; k++) {
            int port = ports[k];
            PortPaths p = shared.port(k);
            portCounters(into, port, p);
            neighbor(into, port, p);
            if (host >= 0) {
                planeLeaves(into, k, port, p);
            } else {
                queues(into, k, port, p);
            }
        }
    }

    /** The interface leaves every port has, host or switch. */
    private void portCounters(TableWriter into, int port, PortPaths p) {
        into.value(p.operStatus, upDown(t.portCounter(port, PortCounter.OPER_UP)));
        into.value(p.adminStatus, UP);
        into.value(p.portSpeed, shared.speed);
        for (int i = 0; i < PORT_COUNTERS.length; i++) {
            into.uint(p.counters[i], t.portCounter(port, PORT_COUNTERS[i]));
        }
        into.uint(
                p.outDiscards,
                t.portCounter(port, PortCounter.DROP_DATA_QUEUE_FULL)
                        + t.portCounter(port, PortCounter.DROP_HEADER_QUEUE_FULL)
                        + t.portCounter(port, PortCounter.TRIMMED_THEN_DROPPED)
                        + t.portCounter(port, PortCounter.DROP_LINK_DOWN));
        // The model's transmitters never fail: what they cannot send is a discard.
        into.uint(p.outErrors, 0);
        for (int i = 0; i < LATER_COUNTERS.length; i++) {
            into.uint(p.laterCounters[i], t.portCounter(port, LATER_COUNTERS[i]));
        }
        into.value(p.lastClear, shared.lastClear);
    }

    /**
     * The LLDP neighbor of a port, from the wiring: what the device at the far end would announce (its
     * name, a chassis id made from its node number, the port it sends from). Constant for the run.
     */
    private void neighbor(TableWriter into, int port, PortPaths p) {
        int peer = t.portPeerNode(port);
        boolean peerIsHost = peer < t.hostCount();
        TelemetryValue portId = shared.port(t.portNumber(t.facingPort(port))).name;
        into.value(p.lldp[0], NEIGHBOR_ID_VALUE);
        into.value(p.lldp[1], shared.nodeName(peer));
        into.value(p.lldp[2], peerIsHost ? HOST_DESCRIPTION : SWITCH_DESCRIPTION);
        into.value(p.lldp[3], shared.chassisId(peer));
        into.value(p.lldp[4], MAC_ADDRESS);
        into.value(p.lldp[5], portId);
        into.value(p.lldp[6], INTERFACE_NAME);
        into.value(p.lldp[7], portId);
    }

    private void planeLeaves(TableWriter into, int plane, int port, PortPaths p) {
        PlanePaths s = shared.plane(plane);
        into.value(s.portName, p.name);
        into.value(s.operStatus, upDown(t.portCounter(port, PortCounter.OPER_UP)));
        into.uint(s.txPkts, t.portCounter(port, PortCounter.TX_DATA_PACKETS));
        into.uint(s.txOctets, t.portCounter(port, PortCounter.TX_BYTES));
        into.uint(s.rxPkts, t.portCounter(port, PortCounter.RX_DATA_PACKETS));
        into.uint(s.rxOctets, t.portCounter(port, PortCounter.RX_BYTES));
        into.uint(
                s.retransmits,
                t.hostPlaneCounter(host, plane, HostPlaneCounter.RETRANSMITS_NACK)
                        + t.hostPlaneCounter(host, plane, HostPlaneCounter.RETRANSMITS_SACK_GAP)
                        + t.hostPlaneCounter(host, plane, HostPlaneCounter.RETRANSMITS_TIMEOUT));
        for (int i = 0; i < HOST_PLANE_COUNTERS.length; i++) {
            into.uint(s.counters[i], t.hostPlaneCounter(host, plane, HOST_PLANE_COUNTERS[i]));
        }
        into.value(s.lastClear, shared.lastClear);
    }

    private void queues(TableWriter into, int k, int port, PortPaths p) {
        for (int i = 0; i < DATA_QUEUE_COUNTERS.length; i++) {
            into.uint(p.dataQueue[i], t.portCounter(port, DATA_QUEUE_COUNTERS[i]));
        }
        into.uint(p.dataAverage, average(k * 6, port, PortCounter.DATA_QUEUE_OCTET_PS));
        into.uint(p.headerTransmitPkts, t.portCounter(port, PortCounter.HEADER_QUEUE_TX_PACKETS));
        into.uint(p.headerTransmitOctets, t.portCounter(port, PortCounter.HEADER_QUEUE_TX_BYTES));
        into.uint(
                p.headerDropped,
                t.portCounter(port, PortCounter.DROP_HEADER_QUEUE_FULL)
                        + t.portCounter(port, PortCounter.TRIMMED_THEN_DROPPED));
        into.uint(p.headerOutTrim, t.portCounter(port, PortCounter.TRIMMED_SENT));
        into.uint(p.headerDroppedTrim, t.portCounter(port, PortCounter.TRIMMED_THEN_DROPPED));
        into.uint(p.headerMaxLen, t.portCounter(port, PortCounter.HEADER_QUEUE_MAX_BYTES));
        into.uint(p.headerAverage, average(k * 6 + 3, port, PortCounter.HEADER_QUEUE_OCTET_PS));
    }

    /**
     * A queue's average depth over the time between the last two reads, from the simulator's running
     * integral of the depth (octet-picoseconds): what {@code avg-queue-len} means, where the depth at
     * the moment of a sample would be noise. A read at the same simulated time as the last one gives
     * the same value (one publish may read a device more than once). Its state is in
     * {@code queueAverages[at .. at + 2]} (last integral, last instant, average).
     */
    private long average(int at, int port, PortCounter integral) {
        long now = t.nowPs();
        if (now > queueAverages[at + 1]) {
            long value = t.portCounter(port, integral);
            // The integral wraps modulo 2^64: the difference is right in unsigned arithmetic.
            queueAverages[at + 2] = Long.divideUnsigned(value - queueAverages[at], now - queueAverages[at + 1]);
            queueAverages[at] = value;
            queueAverages[at + 1] = now;
        }
        return queueAverages[at + 2];
    }

    /** One neighbor per port, as lldpd numbers them. */
    private static final String NEIGHBOR_ID = "1";

    private static final TelemetryValue NEIGHBOR_ID_VALUE = TelemetryValue.str(NEIGHBOR_ID);
    private static final TelemetryValue HOST_DESCRIPTION = TelemetryValue.str("Planewatch simulated host");
    private static final TelemetryValue SWITCH_DESCRIPTION = TelemetryValue.str("Planewatch simulated switch");
    private static final TelemetryValue MAC_ADDRESS = TelemetryValue.str("MAC_ADDRESS");
    private static final TelemetryValue INTERFACE_NAME = TelemetryValue.str("INTERFACE_NAME");

    /** A locally administered MAC address made from a node number: unique in the fabric. */
    static String chassisId(int node) {
        return String.format(
                Locale.ROOT,
                "02:00:%02x:%02x:%02x:%02x",
                (node >>> 24) & 0xff,
                (node >>> 16) & 0xff,
                (node >>> 8) & 0xff,
                node & 0xff);
    }

    private static final TelemetryValue UP = TelemetryValue.str("UP");
    private static final TelemetryValue DOWN = TelemetryValue.str("DOWN");

    /** Shared values: a snapshot reads every port's status, and the agent keeps snapshots for a publish interval. */
    private static TelemetryValue upDown(long operUp) {
        return operUp != 0 ? UP : DOWN;
    }
}
