package org.planewatch.agent.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
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
 * The fixed leaves of one simulated device, each with the read that gives its value: paths are built
 * once, so a snapshot only reads counters. Read on the simulation's thread only.
 *
 * <p>Mapping from the simulator's counters (see docs/adr/0024): a host's port to plane P is interface
 * {@code ethP}; switch port K is interface {@code ethK} with queues {@code data} and {@code header}.
 * Each leaf counts what its definition in the schema says, where a real device counts it: the
 * receive counters are the receiving end's (bit errors are the receiver's {@code in-fcs-errors}, a
 * gray link's losses show only as the sender's {@code out-pkts} less the receiver's {@code in-pkts}).
 * Every port also serves one LLDP neighbor, the device its link leads to.
 */
final class DeviceLeaves {

    /** A leaf read either as an unsigned counter ({@code count}) or as a value ({@code read}). */
    record Leaf(TelemetryPath path, LongSupplier count, Supplier<TelemetryValue> read) {}

    private final List<Leaf> leaves = new ArrayList<>();
    private final Map<TelemetryPath, TelemetryPath> interned;

    /**
     * @param interned shared by every device of a fabric, so equal paths of different devices are one
     *     object: the server's per-path lookups then compare by identity instead of element by element
     */
    private DeviceLeaves(Map<TelemetryPath, TelemetryPath> interned) {
        this.interned = interned;
    }

    List<Leaf> leaves() {
        return leaves;
    }

    void read(TableWriter into) {
        for (Leaf leaf : leaves) {
            if (leaf.count() != null) {
                into.uint(leaf.path(), leaf.count().getAsLong());
            } else {
                into.value(leaf.path(), leaf.read().get());
            }
        }
    }

    private void add(TelemetryPath path, Supplier<TelemetryValue> read) {
        leaves.add(new Leaf(interned.computeIfAbsent(path, p -> p), null, read));
    }

    /** A counter: read without boxing. */
    private void count(TelemetryPath path, LongSupplier count) {
        leaves.add(new Leaf(interned.computeIfAbsent(path, p -> p), count, null));
    }

    static DeviceLeaves host(FabricTelemetry t, int host, long epochNs, Map<TelemetryPath, TelemetryPath> interned) {
        DeviceLeaves d = new DeviceLeaves(interned);
        for (int plane = 0; plane < t.planes(); plane++) {
            int p = plane;
            int port = t.hostPort(host, plane);
            String ifName = "eth" + plane;
            d.portCounters(t, port, ifName, epochNs);
            d.neighbor(t, port, ifName);
            TelemetryPath s = PlaneLeaves.state(plane);
            TelemetryValue portName = TelemetryValue.str(ifName);
            d.add(s.child(PlaneLeaves.PORT_NAME), () -> portName);
            d.add(s.child(PlaneLeaves.OPER_STATUS), () -> upDown(t.portCounter(port, PortCounter.OPER_UP)));
            d.port(t, port, s, PlaneLeaves.TX_PKTS, PortCounter.TX_DATA_PACKETS);
            d.port(t, port, s, PlaneLeaves.TX_OCTETS, PortCounter.TX_BYTES);
            d.port(t, port, s, PlaneLeaves.RX_PKTS, PortCounter.RX_DATA_PACKETS);
            d.port(t, port, s, PlaneLeaves.RX_OCTETS, PortCounter.RX_BYTES);
            d.count(
                    s.child(PlaneLeaves.RETRANSMITS),
                    () -> t.hostPlaneCounter(host, p, HostPlaneCounter.RETRANSMITS_NACK)
                            + t.hostPlaneCounter(host, p, HostPlaneCounter.RETRANSMITS_SACK_GAP)
                            + t.hostPlaneCounter(host, p, HostPlaneCounter.RETRANSMITS_TIMEOUT));
            // Every NACK of the model answers a trimmed header, so NACKs and trim NACKs coincide.
            d.hostPlane(t, host, p, s, PlaneLeaves.NACKS_RCVD, HostPlaneCounter.NACKS_RECEIVED);
            d.hostPlane(t, host, p, s, PlaneLeaves.TRIM_NACKS_RCVD, HostPlaneCounter.NACKS_RECEIVED);
            d.hostPlane(t, host, p, s, PlaneLeaves.TRIM_NACKS_SENT, HostPlaneCounter.NACKS_SENT);
            d.hostPlane(t, host, p, s, PlaneLeaves.ECN_ECHOES_RCVD, HostPlaneCounter.ECN_ECHOES);
            d.hostPlane(t, host, p, s, PlaneLeaves.RTO_EXPIRIES, HostPlaneCounter.RETRANSMITS_TIMEOUT);
            d.hostPlane(t, host, p, s, PlaneLeaves.PROBES_SENT, HostPlaneCounter.PROBES_SENT);
            d.hostPlane(t, host, p, s, PlaneLeaves.PROBES_OK, HostPlaneCounter.PROBES_ANSWERED);
            d.hostPlane(t, host, p, s, PlaneLeaves.PROBES_LOST, HostPlaneCounter.PROBES_TIMED_OUT);
            d.hostPlane(t, host, p, s, PlaneLeaves.EVS_GOOD, HostPlaneCounter.EVS_GOOD);
            d.hostPlane(t, host, p, s, PlaneLeaves.EVS_ASSUMED_BAD, HostPlaneCounter.EVS_ASSUMED_BAD);
            d.hostPlane(t, host, p, s, PlaneLeaves.EVS_DENIED, HostPlaneCounter.EVS_DENIED);
            d.hostPlane(t, host, p, s, PlaneLeaves.EVS_UNKNOWN, HostPlaneCounter.EVS_UNKNOWN);
            TelemetryValue lastClear = TelemetryValue.uint(epochNs);
            d.add(s.child(PlaneLeaves.LAST_CLEAR), () -> lastClear);
        }
        return d;
    }

    static DeviceLeaves switchDevice(
            FabricTelemetry t, int sw, long epochNs, Map<TelemetryPath, TelemetryPath> interned) {
        DeviceLeaves d = new DeviceLeaves(interned);
        for (int k = 0; k < t.switchPortCount(sw); k++) {
            int port = t.switchPort(sw, k);
            String ifName = "eth" + k;
            d.portCounters(t, port, ifName, epochNs);
            d.neighbor(t, port, ifName);
            TelemetryPath data = QueueLeaves.state(ifName, "data");
            d.port(t, port, data, QueueLeaves.TRANSMIT_PKTS, PortCounter.DATA_QUEUE_TX_PACKETS);
            d.port(t, port, data, QueueLeaves.TRANSMIT_OCTETS, PortCounter.DATA_QUEUE_TX_BYTES);
            d.port(t, port, data, QueueLeaves.DROPPED_PKTS, PortCounter.DROP_DATA_QUEUE_FULL);
            d.port(t, port, data, QueueLeaves.ECN_MARKED_PKTS, PortCounter.ECN_MARKED);
            d.port(t, port, data, QueueLeaves.TRIM_PKTS, PortCounter.TRIMMED);
            d.port(t, port, data, QueueLeaves.MAX_QUEUE_LEN, PortCounter.DATA_QUEUE_MAX_BYTES);
            d.count(data.child(QueueLeaves.AVG_QUEUE_LEN), d.average(t, port, PortCounter.DATA_QUEUE_OCTET_PS));
            TelemetryPath header = QueueLeaves.state(ifName, "header");
            d.port(t, port, header, QueueLeaves.TRANSMIT_PKTS, PortCounter.HEADER_QUEUE_TX_PACKETS);
            d.port(t, port, header, QueueLeaves.TRANSMIT_OCTETS, PortCounter.HEADER_QUEUE_TX_BYTES);
            d.count(
                    header.child(QueueLeaves.DROPPED_PKTS),
                    () -> t.portCounter(port, PortCounter.DROP_HEADER_QUEUE_FULL)
                            + t.portCounter(port, PortCounter.TRIMMED_THEN_DROPPED));
            d.port(t, port, header, QueueLeaves.OUT_TRIM_PKTS, PortCounter.TRIMMED_SENT);
            d.port(t, port, header, QueueLeaves.DROPPED_TRIM_PKTS, PortCounter.TRIMMED_THEN_DROPPED);
            d.port(t, port, header, QueueLeaves.MAX_QUEUE_LEN, PortCounter.HEADER_QUEUE_MAX_BYTES);
            d.count(header.child(QueueLeaves.AVG_QUEUE_LEN), d.average(t, port, PortCounter.HEADER_QUEUE_OCTET_PS));
        }
        return d;
    }

    /** The interface leaves every port has, host or switch. */
    private void portCounters(FabricTelemetry t, int port, String ifName, long epochNs) {
        TelemetryPath state = InterfaceLeaves.state(ifName);
        add(state.child(InterfaceLeaves.OPER_STATUS), () -> upDown(t.portCounter(port, PortCounter.OPER_UP)));
        add(state.child(InterfaceLeaves.ADMIN_STATUS), () -> UP);
        TelemetryValue speed = TelemetryValue.str(EthernetSpeed.identity(t.linkGbps()));
        add(InterfaceLeaves.ethernetState(ifName).child(InterfaceLeaves.PORT_SPEED), () -> speed);
        TelemetryPath c = state.child(PathNames.COUNTERS);
        port(t, port, c, InterfaceLeaves.IN_OCTETS, PortCounter.RX_BYTES);
        port(t, port, c, InterfaceLeaves.IN_PKTS, PortCounter.RX_PACKETS);
        port(t, port, c, InterfaceLeaves.IN_DISCARDS, PortCounter.IN_DISCARDS);
        // Every receive error of the model is a bad frame check sequence.
        port(t, port, c, InterfaceLeaves.IN_ERRORS, PortCounter.IN_FCS_ERRORS);
        port(t, port, c, InterfaceLeaves.IN_FCS_ERRORS, PortCounter.IN_FCS_ERRORS);
        port(t, port, c, InterfaceLeaves.OUT_PKTS, PortCounter.TX_PACKETS);
        port(t, port, c, InterfaceLeaves.OUT_OCTETS, PortCounter.TX_BYTES);
        count(
                c.child(InterfaceLeaves.OUT_DISCARDS),
                () -> t.portCounter(port, PortCounter.DROP_DATA_QUEUE_FULL)
                        + t.portCounter(port, PortCounter.DROP_HEADER_QUEUE_FULL)
                        + t.portCounter(port, PortCounter.TRIMMED_THEN_DROPPED)
                        + t.portCounter(port, PortCounter.DROP_LINK_DOWN));
        // The model's transmitters never fail: what they cannot send is a discard.
        count(c.child(InterfaceLeaves.OUT_ERRORS), () -> 0);
        port(t, port, c, InterfaceLeaves.CARRIER_TRANSITIONS, PortCounter.CARRIER_TRANSITIONS);
        port(t, port, c, InterfaceLeaves.TRIM_PKTS, PortCounter.TRIMMED);
        port(t, port, c, InterfaceLeaves.OUT_TRIM_PKTS, PortCounter.TRIMMED_SENT);
        port(t, port, c, InterfaceLeaves.DROPPED_TRIM_PKTS, PortCounter.TRIMMED_THEN_DROPPED);
        // Counters start with the scenario: they were last cleared at its epoch.
        TelemetryValue lastClear = TelemetryValue.uint(epochNs);
        add(c.child(InterfaceLeaves.LAST_CLEAR), () -> lastClear);
    }

    /**
     * The LLDP neighbor of a port, from the wiring: what the device at the far end would announce (its
     * name, a chassis id made from its node number, the port it sends from). Constant for the run.
     */
    private void neighbor(FabricTelemetry t, int port, String ifName) {
        int peer = t.portPeerNode(port);
        boolean host = peer < t.hostCount();
        String peerPort = "eth" + t.portNumber(t.facingPort(port));
        TelemetryPath s = LldpLeaves.state(ifName, NEIGHBOR_ID);
        TelemetryValue id = TelemetryValue.str(NEIGHBOR_ID);
        TelemetryValue name = TelemetryValue.str(host ? t.hostName(peer) : t.switchName(peer - t.hostCount()));
        TelemetryValue description = host ? HOST_DESCRIPTION : SWITCH_DESCRIPTION;
        TelemetryValue chassis = TelemetryValue.str(chassisId(peer));
        TelemetryValue portId = TelemetryValue.str(peerPort);
        add(s.child(LldpLeaves.ID_LEAF), () -> id);
        add(s.child(LldpLeaves.SYSTEM_NAME), () -> name);
        add(s.child(LldpLeaves.SYSTEM_DESCRIPTION), () -> description);
        add(s.child(LldpLeaves.CHASSIS_ID), () -> chassis);
        add(s.child(LldpLeaves.CHASSIS_ID_TYPE), () -> MAC_ADDRESS);
        add(s.child(LldpLeaves.PORT_ID), () -> portId);
        add(s.child(LldpLeaves.PORT_ID_TYPE), () -> INTERFACE_NAME);
        add(s.child(LldpLeaves.PORT_DESCRIPTION), () -> portId);
    }

    /** One neighbor per port, as lldpd numbers them. */
    private static final String NEIGHBOR_ID = "1";

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

    /** A queue's average depth between the last two reads (see {@link QueueAverage}). */
    private QueueAverage average(FabricTelemetry t, int port, PortCounter integral) {
        return new QueueAverage(() -> t.portCounter(port, integral), t::nowPs);
    }

    private void port(FabricTelemetry t, int port, TelemetryPath parent, String leaf, PortCounter which) {
        count(parent.child(leaf), () -> t.portCounter(port, which));
    }

    private void hostPlane(
            FabricTelemetry t, int host, int plane, TelemetryPath parent, String leaf, HostPlaneCounter which) {
        count(parent.child(leaf), () -> t.hostPlaneCounter(host, plane, which));
    }

    private static final TelemetryValue UP = TelemetryValue.str("UP");
    private static final TelemetryValue DOWN = TelemetryValue.str("DOWN");

    /** Shared values: a snapshot reads every port's status, and the agent keeps snapshots for a publish interval. */
    private static TelemetryValue upDown(long operUp) {
        return operUp != 0 ? UP : DOWN;
    }
}
