package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.DeviceRole.AGENT;
import static org.planewatch.telemetry.schema.DeviceRole.HOST;
import static org.planewatch.telemetry.schema.DeviceRole.SIMULATOR;
import static org.planewatch.telemetry.schema.DeviceRole.SWITCH;
import static org.planewatch.telemetry.schema.LeafKind.CONFIG;
import static org.planewatch.telemetry.schema.LeafKind.COUNTER;
import static org.planewatch.telemetry.schema.LeafKind.EVENT;
import static org.planewatch.telemetry.schema.LeafKind.GAUGE;
import static org.planewatch.telemetry.schema.LeafKind.STATE;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Every telemetry leaf Planewatch agents serve, defined once. The agent validates paths against it,
 * the console labels and types series with it, and {@code docs/telemetry-schema.md} is generated
 * from it ({@link SchemaMarkdown}).
 */
public final class TelemetrySchema {

    /** The origin of MRC host state. */
    public static final String MRC = PathNames.MRC;
    /** The origin of the simulator's clock and fault-injection leaves. */
    public static final String SIM = PathNames.SIM;

    public static final List<String> OPER_STATUS =
            List.of("UP", "DOWN", "TESTING", "UNKNOWN", "DORMANT", "NOT_PRESENT", "LOWER_LAYER_DOWN");
    public static final List<String> ADMIN_STATUS = List.of("UP", "DOWN", "TESTING");
    public static final List<String> EV_STATES = List.of("GOOD", "ASSUMED_BAD", "DENIED", "UNKNOWN");
    public static final List<String> EXCLUSION_REASONS = List.of(
            "LOSS_TIMER",
            "SACK_GAP",
            "PROBE_OK",
            "PROBE_TIMEOUT",
            "CONTROLLER_DENY",
            "CONTROLLER_ALLOW",
            "MIN_ACTIVE_GUARD");
    public static final List<String> UP_DOWN = List.of("UP", "DOWN");
    /** The ETHERNET_SPEED identities of openconfig-if-ethernet (see {@link EthernetSpeed}). */
    public static final List<String> ETHERNET_SPEEDS = EthernetSpeed.IDENTITIES;

    /**
     * Subtrees a wildcard does not reach: per-EV state has high cardinality and is served only to a
     * subscription path that names its element ({@code evs}) literally.
     */
    private static final List<PathPattern> EXPLICIT_ONLY = List.of(new PathPattern(EvLeaves.EXPLICIT_SUBTREE));

    private static final TelemetrySchema INSTANCE = new TelemetrySchema(define());

    private final List<LeafDefinition> leaves;
    private final Map<String, LeafDefinition> byShape;

    private TelemetrySchema(List<LeafDefinition> leaves) {
        this.leaves = List.copyOf(leaves);
        Map<String, LeafDefinition> index = new HashMap<>();
        for (LeafDefinition leaf : leaves) {
            if (index.put(leaf.shape(), leaf) != null) {
                throw new IllegalStateException("leaf defined twice: " + leaf.template());
            }
        }
        this.byShape = Collections.unmodifiableMap(index);
    }

    public static TelemetrySchema get() {
        return INSTANCE;
    }

    /** Every leaf, in definition order (grouped by model and subtree). */
    public List<LeafDefinition> leaves() {
        return leaves;
    }

    /**
     * The distinct leaf names (last path elements) of every leaf: what code outside the model must
     * not spell as a string literal, but take from a leaf family ({@link InterfaceLeaves}, ...).
     */
    public Set<String> leafNames() {
        Set<String> names = new TreeSet<>();
        leaves.forEach(l -> names.add(l.name()));
        return Collections.unmodifiableSet(names);
    }

    /** The definition of a concrete leaf path, if the schema has it. */
    public Optional<LeafDefinition> find(TelemetryPath leaf) {
        return Optional.ofNullable(byShape.get(shapeOf(leaf)));
    }

    /** The definitions that {@code pattern} can select; empty means the path names nothing we serve. */
    public List<LeafDefinition> selectedBy(PathPattern pattern) {
        List<LeafDefinition> out = new ArrayList<>();
        for (LeafDefinition leaf : leaves) {
            if (pattern.overlaps(leaf.template()) && (!isExplicitOnly(leaf.template()) || namesExplicitly(pattern))) {
                out.add(leaf);
            }
        }
        return out;
    }

    /** Whether {@code pattern} can select some leaf we serve: {@link #selectedBy} not empty, decided at the first. */
    public boolean selectsAny(PathPattern pattern) {
        for (LeafDefinition leaf : leaves) {
            if (pattern.overlaps(leaf.template()) && (!isExplicitOnly(leaf.template()) || namesExplicitly(pattern))) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code pattern} selects the concrete {@code leaf}, honouring explicit-only subtrees. */
    public boolean selects(PathPattern pattern, TelemetryPath leaf) {
        return pattern.matches(leaf) && (!isExplicitOnly(leaf) || namesExplicitly(pattern));
    }

    public static boolean isExplicitOnly(TelemetryPath leaf) {
        for (PathPattern p : EXPLICIT_ONLY) {
            if (p.matches(leaf)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code pattern} names an explicit-only subtree's element ({@code evs}) and so may select its leaves. */
    public static boolean namesExplicitly(PathPattern pattern) {
        for (PathPattern p : EXPLICIT_ONLY) {
            TelemetryPath explicit = p.path();
            TelemetryPath asked = pattern.path();
            int depth = explicit.size() - 1;
            if (asked.origin().equals(explicit.origin())
                    && asked.size() > depth
                    && asked.elem(depth).name().equals(explicit.elem(depth).name())) {
                return true;
            }
        }
        return false;
    }

    static String shapeOf(TelemetryPath path) {
        return path.shape();
    }

    private static List<LeafDefinition> define() {
        Builder b = new Builder();
        Set<DeviceRole> ports = Set.of(HOST, SWITCH);

        b.under(InterfaceLeaves.STATE_TEMPLATE, ModelInfo.OPENCONFIG_INTERFACES, ports)
                .enumeration(InterfaceLeaves.OPER_STATUS, STATE, OPER_STATUS, "Operational state of the port.")
                .enumeration(InterfaceLeaves.ADMIN_STATUS, STATE, ADMIN_STATUS, "Administrative state of the port.");
        b.under(InterfaceLeaves.ETHERNET_STATE_TEMPLATE, ModelInfo.OPENCONFIG_IF_ETHERNET, ports)
                .enumeration(
                        InterfaceLeaves.PORT_SPEED,
                        STATE,
                        ETHERNET_SPEEDS,
                        "Speed of the port (an ETHERNET_SPEED identity such as SPEED_100GB): the capacity of its link.");
        b.under(InterfaceLeaves.COUNTERS_TEMPLATE, ModelInfo.OPENCONFIG_INTERFACES, ports)
                .counter(
                        InterfaceLeaves.IN_OCTETS,
                        "Octets of every packet received, whole packets as on the wire (headers and payload; "
                                + "data, trimmed headers, ACKs, NACKs, probes), bad ones included.")
                .counter(
                        InterfaceLeaves.IN_PKTS,
                        "Packets received, every kind, bad ones (in-errors) and discarded ones (in-discards) "
                                + "included: what the facing port sent less what the wire lost.")
                .counter(InterfaceLeaves.IN_DISCARDS, "Received packets discarded without an error: no route for them.")
                .counter(
                        InterfaceLeaves.IN_ERRORS,
                        "Received packets with errors (all of them bad frame check sequences).")
                .counter(
                        InterfaceLeaves.IN_FCS_ERRORS,
                        "Received packets with a bad frame check sequence: bit errors on the link, counted by "
                                + "the receiving end.")
                .counter(
                        InterfaceLeaves.OUT_OCTETS,
                        "Octets of every packet sent on the wire, whole packets (headers and payload; data, "
                                + "trimmed headers, ACKs, NACKs, probes).")
                .counter(
                        InterfaceLeaves.OUT_PKTS, "Packets sent on the wire, every kind; discarded ones are not in it.")
                .counter(
                        InterfaceLeaves.OUT_DISCARDS,
                        "Packets to send discarded without an error: a queue was full (dropped-pkts of the "
                                + "queues) or the link was down.")
                .counter(InterfaceLeaves.OUT_ERRORS, "Packets that could not be sent because of errors.")
                .counter(InterfaceLeaves.CARRIER_TRANSITIONS, "Times the link went down or came up (a flap counts 2).")
                .timestamp(
                        InterfaceLeaves.LAST_CLEAR,
                        STATE,
                        "When the counters were last reset; a change means they restarted from zero.");
        // OpenConfig defines the interface trim counters in openconfig-qos, which augments the counters.
        b.under(InterfaceLeaves.COUNTERS_TEMPLATE, ModelInfo.OPENCONFIG_QOS, ports)
                .counter(
                        InterfaceLeaves.TRIM_PKTS,
                        "Packets trimmed to their header on this port, sent or dropped afterwards.")
                .counter(InterfaceLeaves.OUT_TRIM_PKTS, "Trimmed headers sent on the wire from this port.")
                .counter(
                        InterfaceLeaves.DROPPED_TRIM_PKTS,
                        "Trimmed headers dropped because the header queue was full.");

        b.under(QueueLeaves.STATE_TEMPLATE, ModelInfo.OPENCONFIG_QOS, Set.of(SWITCH))
                .counter(
                        QueueLeaves.TRANSMIT_PKTS,
                        "Packets this queue sent on the wire (queue data: untrimmed data; queue header: "
                                + "trimmed headers, ACKs, NACKs, probes); the queues add up to out-pkts.")
                .counter(
                        QueueLeaves.TRANSMIT_OCTETS,
                        "Octets of transmit-pkts, whole packets; the queues add up to out-octets.")
                .counter(
                        QueueLeaves.DROPPED_PKTS,
                        "Packets this queue dropped because it was full (queue header: trimmed headers "
                                + "included); discards of a down link are only in out-discards.")
                .counter(QueueLeaves.ECN_MARKED_PKTS, "Packets marked Congestion Experienced by the queue.")
                .counter(QueueLeaves.TRIM_PKTS, "Packets that did not fit this queue and were trimmed to their header.")
                .counter(QueueLeaves.OUT_TRIM_PKTS, "Trimmed headers this queue sent on the wire.")
                .counter(QueueLeaves.DROPPED_TRIM_PKTS, "Trimmed headers this queue dropped because it was full.")
                .gauge(QueueLeaves.MAX_QUEUE_LEN, "Largest queue depth seen, in octets.")
                .gauge(
                        QueueLeaves.AVG_QUEUE_LEN,
                        "Queue depth averaged over time between the last two samples, in octets.");

        b.under(LldpLeaves.STATE_TEMPLATE, ModelInfo.OPENCONFIG_LLDP, ports)
                .string(LldpLeaves.ID_LEAF, STATE, "The neighbor's identifier on this port (the list key).")
                .string(
                        LldpLeaves.SYSTEM_NAME,
                        STATE,
                        "Name of the device at the far end of the port, as it announces itself.")
                .string(LldpLeaves.SYSTEM_DESCRIPTION, STATE, "What the neighbor says it is (hardware, software).")
                .string(LldpLeaves.CHASSIS_ID, STATE, "The neighbor's chassis identifier.")
                .enumeration(
                        LldpLeaves.CHASSIS_ID_TYPE,
                        STATE,
                        LldpLeaves.CHASSIS_ID_TYPES,
                        "What kind of identifier chassis-id is.")
                .string(LldpLeaves.PORT_ID, STATE, "The neighbor's port at the far end of the link.")
                .enumeration(
                        LldpLeaves.PORT_ID_TYPE, STATE, LldpLeaves.PORT_ID_TYPES, "What kind of identifier port-id is.")
                .string(LldpLeaves.PORT_DESCRIPTION, STATE, "The neighbor's description of its port.");

        b.under(PlaneLeaves.STATE_TEMPLATE, ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .string(
                        PlaneLeaves.PORT_NAME,
                        STATE,
                        "The NIC port (interface name) that attaches the host to this plane.")
                .enumeration(PlaneLeaves.OPER_STATUS, STATE, OPER_STATUS, "Operational state of the plane port.")
                .counter(
                        PlaneLeaves.TX_PKTS,
                        "Data packets the NIC port sent on the wire, retransmissions included (not trimmed "
                                + "headers, ACKs, NACKs or probes).")
                .counter(PlaneLeaves.RX_PKTS, "Untrimmed data packets the NIC port received intact.")
                .counter(
                        PlaneLeaves.TX_OCTETS,
                        "Octets of every packet the NIC port sent, whole packets of every kind: the port's "
                                + "out-octets.")
                .counter(
                        PlaneLeaves.RX_OCTETS,
                        "Octets of every packet the NIC port received, whole packets of every kind: the port's "
                                + "in-octets.")
                .counter(PlaneLeaves.RETRANSMITS, "Packets sent again on this plane (any reason).")
                .counter(PlaneLeaves.NACKS_RCVD, "NACKs received for packets sent on this plane.")
                .counter(PlaneLeaves.TRIM_NACKS_RCVD, "TRIM NACKs received: a packet of ours was trimmed.")
                .counter(PlaneLeaves.TRIM_NACKS_SENT, "TRIM NACKs sent: a trimmed header reached us.")
                .counter(PlaneLeaves.ECN_ECHOES_RCVD, "ACKs echoing a Congestion Experienced mark.")
                .counter(PlaneLeaves.RTO_EXPIRIES, "Per-EV loss timers that fired.")
                .counter(PlaneLeaves.PROBES_SENT, "Probes sent to test retired EVs.")
                .counter(PlaneLeaves.PROBES_OK, "Probes answered (the EV returns to service).")
                .counter(PlaneLeaves.PROBES_LOST, "Probes that timed out.")
                .gauge(PlaneLeaves.EVS_GOOD, "EVs of this plane in state GOOD.")
                .gauge(PlaneLeaves.EVS_ASSUMED_BAD, "EVs of this plane in state ASSUMED_BAD (retired by the NIC).")
                .gauge(PlaneLeaves.EVS_DENIED, "EVs of this plane in state DENIED (excluded by a controller).")
                .gauge(
                        PlaneLeaves.EVS_UNKNOWN,
                        "EVs of this plane in state UNKNOWN: retired, and no probe has answered "
                                + "within the probe back-off cap, so the NIC has no verdict; out of service.")
                .timestamp(PlaneLeaves.LAST_CLEAR, STATE, "When the plane counters were last reset.");

        b.under(QpLeaves.STATE_TEMPLATE, ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .string(QpLeaves.PEER, STATE, "Host at the other end of the queue pair.")
                .counter(QpLeaves.TX_PKTS, "Data packets the QP handed to its NICs, retransmissions included.")
                .counter(QpLeaves.RETRANSMITS, "Packets the QP sent again.")
                .gauge(QpLeaves.CWND_OCTETS, "Congestion window.")
                .gauge(QpLeaves.INFLIGHT_OCTETS, "Octets sent and not yet acknowledged.")
                .gauge(QpLeaves.SRTT_NS, "Smoothed round-trip time, nanoseconds.")
                .gauge(QpLeaves.EVS_ACTIVE, "EVs of the QP currently in service.")
                .counter(QpLeaves.MSGS_COMPLETED, "Messages delivered completely.");

        b.under(EvLeaves.STATE_TEMPLATE, ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .uint(EvLeaves.PLANE, STATE, "Plane the EV's path crosses.")
                .enumeration(EvLeaves.EXCLUSION_STATE, STATE, EV_STATES, "Exclusion state of the EV.")
                .gauge(EvLeaves.PENALTY, "Skips left before the EV is used again (ECN +1, trim +4).")
                .counter(EvLeaves.TX_PKTS, "Data packets the QP sent on the EV, retransmissions included.")
                .counter(EvLeaves.ECN_MARKS, "ECN echoes received for the EV.")
                .counter(EvLeaves.TRIMS, "Trim NACKs received for the EV.")
                .counter(EvLeaves.LOSSES, "Losses detected on the EV.")
                .timestamp(
                        EvLeaves.LAST_CHANGE,
                        STATE,
                        "When the EV last changed state: wall clock, ns since the Unix epoch, as the agent saw it.");

        b.under(ExclusionEventRing.FIELDS_TEMPLATE, ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .timestamp(
                        ExclusionEventRing.TIMESTAMP,
                        EVENT,
                        "When the endpoint took the decision: wall clock of the agent that observed it, ns since"
                                + " the Unix epoch. Order one ring's decisions by seq: a wall clock can step back.")
                .uint(ExclusionEventRing.QPN, EVENT, "Queue pair that took it.")
                .uint(ExclusionEventRing.EV, EVENT, "Entropy value concerned.")
                .uint(ExclusionEventRing.PLANE, EVENT, "Plane of the EV.")
                .string(ExclusionEventRing.LINKS, EVENT, "Links on the EV's path, comma separated.")
                .enumeration(ExclusionEventRing.FROM_STATE, EVENT, EV_STATES, "EV state before.")
                .enumeration(ExclusionEventRing.TO_STATE, EVENT, EV_STATES, "EV state after.")
                .enumeration(ExclusionEventRing.REASON, EVENT, EXCLUSION_REASONS, "Why the state changed.");
        b.under(ExclusionEventRing.RING_STATE, ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .uint(
                        ExclusionEventRing.NEXT_SEQ,
                        STATE,
                        "Sequence number the next event will get; the ring holds the latest ones below it.")
                .counter(
                        ExclusionEventRing.DROPPED_EVENTS, "Events that left the ring (each with an explicit delete).");

        b.under(AgentLeaves.STATE, ModelInfo.PLANEWATCH_MRC, Set.of(AGENT))
                .counter(
                        AgentLeaves.COALESCED_UPDATES,
                        "Updates replaced by a newer value of the same path because a client read slowly.")
                .counter(
                        AgentLeaves.DROPPED_UPDATES,
                        "Updates dropped because a subscription buffer held its maximum number of paths (samples may fill"
                                + " seven eighths of it, the rest is kept for changes; an initial state waits for room"
                                + " instead, ADR 0105).")
                .gauge(AgentLeaves.ACTIVE_SUBSCRIPTIONS, "Subscribe streams open on the agent.")
                .gauge(AgentLeaves.CONNECTED_CLIENTS, "Client connections open on the agent.");

        b.under(SimLeaves.CLOCK_STATE, ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .string(SimLeaves.SCENARIO, STATE, "Name of the running scenario.")
                .timestamp(
                        SimLeaves.EPOCH,
                        STATE,
                        "Wall-clock time the scenario started (simulated time 0); counters were last cleared then.")
                .counter(
                        SimLeaves.SIM_TIME_NS,
                        "Simulated nanoseconds since the scenario started, at the sample the notification"
                                + " carrying it was taken (its timestamp is wall clock).")
                .real(
                        SimLeaves.DILATION,
                        STATE,
                        "Wall seconds per simulated second (1000 = one simulated ms per wall second).")
                .bool(SimLeaves.PAUSED, STATE, "Whether the simulation is paused.")
                .counter(SimLeaves.EVENTS_PROCESSED, "Discrete events the simulator has executed.");
        b.under(SimLeaves.CLOCK_CONFIG, ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .real(
                        SimLeaves.DILATION,
                        CONFIG,
                        "Set the dilation while running (wall seconds per simulated second), a finite number from 1 to 1000000.")
                .bool(SimLeaves.PAUSED, CONFIG, "Pause (true) or resume (false) the simulation.");
        b.under(SimLeaves.LINK_CONFIG_TEMPLATE, ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .enumeration(
                        SimLeaves.ADMIN_STATE, CONFIG, UP_DOWN, "Fault injection: take the link down or bring it up.");
        b.under(SimLeaves.SWITCH_CONFIG_TEMPLATE, ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .uint(
                        SimLeaves.REBOOT,
                        CONFIG,
                        "Fault injection: reboot the switch; the value is how long it stays down, in simulated ns, a whole number from 1 to 60000000000 (60 s).");
        b.under(SimLeaves.PLANE_CONFIG_TEMPLATE, ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .enumeration(
                        SimLeaves.ADMIN_STATE,
                        CONFIG,
                        UP_DOWN,
                        "Fault injection: take every link of the plane down or up.");
        return b.leaves;
    }

    /** Keeps the definitions above one line per leaf. */
    private static final class Builder {
        final List<LeafDefinition> leaves = new ArrayList<>();
        private TelemetryPath parent;
        private ModelInfo model;
        private Set<DeviceRole> roles;

        Builder under(TelemetryPath parent, ModelInfo model, Set<DeviceRole> roles) {
            this.parent = parent;
            this.model = model;
            this.roles = roles;
            return this;
        }

        Builder counter(String name, String description) {
            return add(name, COUNTER, ValueType.UINT64, List.of(), description);
        }

        Builder gauge(String name, String description) {
            return add(name, GAUGE, ValueType.UINT64, List.of(), description);
        }

        Builder uint(String name, LeafKind kind, String description) {
            return add(name, kind, ValueType.UINT64, List.of(), description);
        }

        Builder timestamp(String name, LeafKind kind, String description) {
            return add(name, kind, ValueType.TIMESTAMP, List.of(), description);
        }

        Builder string(String name, LeafKind kind, String description) {
            return add(name, kind, ValueType.STRING, List.of(), description);
        }

        Builder real(String name, LeafKind kind, String description) {
            return add(name, kind, ValueType.DOUBLE, List.of(), description);
        }

        Builder bool(String name, LeafKind kind, String description) {
            return add(name, kind, ValueType.BOOLEAN, List.of(), description);
        }

        Builder enumeration(String name, LeafKind kind, List<String> values, String description) {
            return add(name, kind, ValueType.ENUMERATION, values, description);
        }

        private Builder add(String name, LeafKind kind, ValueType type, List<String> values, String description) {
            leaves.add(new LeafDefinition(parent.child(name), kind, type, values, roles, model, description));
            return this;
        }
    }
}
