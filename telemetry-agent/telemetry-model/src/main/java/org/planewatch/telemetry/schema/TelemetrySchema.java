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
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Every telemetry leaf Planewatch agents serve, defined once. The agent validates paths against it,
 * the console labels and types series with it, and {@code docs/telemetry-schema.md} is generated
 * from it ({@link SchemaMarkdown}).
 */
public final class TelemetrySchema {

    /** The origin of MRC host state. */
    public static final String MRC = "mrc";
    /** The origin of the simulator's clock and fault-injection leaves. */
    public static final String SIM = "sim";

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
            "CONTROLLER_REPLACE",
            "CONTROLLER_ALLOW",
            "MIN_ACTIVE_GUARD");
    public static final List<String> UP_DOWN = List.of("UP", "DOWN");

    /**
     * Subtrees a wildcard does not reach: per-EV state has high cardinality and is served only to a
     * subscription path that names its element ({@code evs}) literally.
     */
    private static final List<PathPattern> EXPLICIT_ONLY = List.of(PathPattern.parse("mrc:/qps/qp/evs"));

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

        b.under("/interfaces/interface[name=*]/state", ModelInfo.OPENCONFIG_INTERFACES, ports)
                .enumeration("oper-status", STATE, OPER_STATUS, "Operational state of the port.")
                .enumeration("admin-status", STATE, ADMIN_STATUS, "Administrative state of the port.");
        b.under("/interfaces/interface[name=*]/state/counters", ModelInfo.OPENCONFIG_INTERFACES, ports)
                .counter("in-octets", "Octets received, framing excluded.")
                .counter("in-pkts", "Packets received.")
                .counter("in-discards", "Received packets discarded without an error (no buffer).")
                .counter("in-errors", "Received packets with errors.")
                .counter("in-fcs-errors", "Received frames with a bad checksum (bit errors on the link).")
                .counter("out-octets", "Octets sent.")
                .counter("out-pkts", "Packets sent.")
                .counter("out-discards", "Packets to send discarded without an error (queue full, link down).")
                .counter("out-errors", "Packets that could not be sent because of errors.")
                .counter("carrier-transitions", "Times the link went up or down.")
                .timestamp(
                        "last-clear",
                        STATE,
                        "When the counters were last reset; a change means they restarted from zero.");
        // OpenConfig defines the interface trim counters in openconfig-qos, which augments the counters.
        b.under("/interfaces/interface[name=*]/state/counters", ModelInfo.OPENCONFIG_QOS, ports)
                .counter("trim-pkts", "Packets trimmed to their header on this port (MRC extension).")
                .counter("out-trim-pkts", "Trimmed headers sent on this port (MRC extension).")
                .counter(
                        "dropped-trim-pkts",
                        "Trimmed headers dropped because the header queue was full (MRC extension).");

        b.under(
                        "/qos/interfaces/interface[interface-id=*]/output/queues/queue[name=*]/state",
                        ModelInfo.OPENCONFIG_QOS,
                        Set.of(SWITCH))
                .counter("transmit-pkts", "Packets sent from the queue.")
                .counter("transmit-octets", "Octets sent from the queue.")
                .counter("dropped-pkts", "Packets dropped at the tail of the queue.")
                .counter("ecn-marked-pkts", "Packets marked Congestion Experienced by the queue.")
                .counter("trim-pkts", "Packets that did not fit and were trimmed to their header.")
                .counter("out-trim-pkts", "Trimmed headers sent from the header queue.")
                .counter("dropped-trim-pkts", "Trimmed headers dropped because the header queue was full.")
                .gauge("max-queue-len", "Largest queue depth seen, in octets.")
                .gauge("avg-queue-len", "Average queue depth over the last sample interval, in octets.");

        b.under("mrc:/planes/plane[id=*]/state", ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .string("port-name", STATE, "The NIC port (interface name) that attaches the host to this plane.")
                .enumeration("oper-status", STATE, OPER_STATUS, "Operational state of the plane port.")
                .counter("tx-pkts", "Data packets sent on this plane, retransmissions included.")
                .counter("rx-pkts", "Data packets received on this plane.")
                .counter("tx-octets", "Octets sent on this plane.")
                .counter("rx-octets", "Octets received on this plane.")
                .counter("retransmits", "Packets sent again on this plane (any reason).")
                .counter("nacks-rcvd", "NACKs received for packets sent on this plane.")
                .counter("trim-nacks-rcvd", "TRIM NACKs received: a packet of ours was trimmed.")
                .counter("trim-nacks-sent", "TRIM NACKs sent: a trimmed header reached us.")
                .counter("ecn-echoes-rcvd", "ACKs echoing a Congestion Experienced mark.")
                .counter("rto-expiries", "Per-EV loss timers that fired.")
                .counter("probes-sent", "Probes sent to test retired EVs.")
                .counter("probes-ok", "Probes answered (the EV returns to service).")
                .counter("probes-lost", "Probes that timed out.")
                .gauge("evs-good", "EVs of this plane in state GOOD.")
                .gauge("evs-assumed-bad", "EVs of this plane in state ASSUMED_BAD (retired by the NIC).")
                .gauge("evs-denied", "EVs of this plane in state DENIED (excluded by a controller).")
                .gauge(
                        "evs-unknown",
                        "EVs of this plane in state UNKNOWN: retired, and no probe has answered "
                                + "within the probe back-off cap, so the NIC has no verdict; out of service.")
                .timestamp("last-clear", STATE, "When the plane counters were last reset.");

        b.under("mrc:/qps/qp[qpn=*]/state", ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .string("peer", STATE, "Host at the other end of the queue pair.")
                .counter("tx-pkts", "Data packets sent by the QP.")
                .counter("retransmits", "Packets the QP sent again.")
                .gauge("cwnd-octets", "Congestion window.")
                .gauge("inflight-octets", "Octets sent and not yet acknowledged.")
                .gauge("srtt-ns", "Smoothed round-trip time, nanoseconds.")
                .gauge("evs-active", "EVs of the QP currently in service.")
                .counter("msgs-completed", "Messages delivered completely.");

        b.under("mrc:/qps/qp[qpn=*]/evs/ev[id=*]/state", ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .uint("plane", STATE, "Plane the EV's path crosses.")
                .enumeration("state", STATE, EV_STATES, "Exclusion state of the EV.")
                .gauge("penalty", "Skips left before the EV is used again (ECN +1, trim +4).")
                .counter("tx-pkts", "Packets sent on the EV.")
                .counter("ecn-marks", "ECN echoes received for the EV.")
                .counter("trims", "Trim NACKs received for the EV.")
                .counter("losses", "Losses detected on the EV.")
                .timestamp("last-change", STATE, "When the EV last changed state.");

        b.under("mrc:/events/event[seq=*]/state", ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .timestamp("timestamp", EVENT, "When the endpoint took the decision.")
                .uint("qpn", EVENT, "Queue pair that took it.")
                .uint("ev", EVENT, "Entropy value concerned.")
                .uint("plane", EVENT, "Plane of the EV.")
                .string("links", EVENT, "Links on the EV's path, comma separated.")
                .enumeration("from-state", EVENT, EV_STATES, "EV state before.")
                .enumeration("to-state", EVENT, EV_STATES, "EV state after.")
                .enumeration("reason", EVENT, EXCLUSION_REASONS, "Why the state changed.");
        b.under("mrc:/events/state", ModelInfo.PLANEWATCH_MRC, Set.of(HOST))
                .uint(
                        "next-seq",
                        STATE,
                        "Sequence number the next event will get; the ring holds the latest ones below it.")
                .counter("dropped-events", "Events that left the ring (each with an explicit delete).");

        b.under("mrc:/agent/state", ModelInfo.PLANEWATCH_MRC, Set.of(AGENT))
                .counter(
                        "coalesced-updates",
                        "Updates replaced by a newer value of the same path because a client read slowly.")
                .counter(
                        "dropped-updates",
                        "Updates dropped because a subscription buffer held its maximum number of paths.")
                .gauge("active-subscriptions", "Subscribe streams open on the agent.")
                .gauge("connected-clients", "Client connections open on the agent.");

        b.under("sim:/clock/state", ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .string("scenario", STATE, "Name of the running scenario.")
                .timestamp("epoch", STATE, "Wall-clock time the simulated time 0 is mapped to.")
                .counter("sim-time-ns", "Simulated nanoseconds since the scenario started.")
                .real("dilation", STATE, "Wall seconds per simulated second (1000 = one simulated ms per wall second).")
                .bool("paused", STATE, "Whether the simulation is paused.")
                .counter("events-processed", "Discrete events the simulator has executed.");
        b.under("sim:/clock/config", ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .real(
                        "dilation",
                        CONFIG,
                        "Set the dilation while running (wall seconds per simulated second), a finite number from 1 to 1000000.")
                .bool("paused", CONFIG, "Pause (true) or resume (false) the simulation.");
        b.under("sim:/links/link[name=*]/config", ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .enumeration("state", CONFIG, UP_DOWN, "Fault injection: take the link down or bring it up.");
        b.under("sim:/switches/switch[name=*]/config", ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .uint(
                        "reboot",
                        CONFIG,
                        "Fault injection: reboot the switch; the value is how long it stays down, in simulated ns, a whole number from 1 to 60000000000 (60 s).");
        b.under("sim:/planes/plane[id=*]/config", ModelInfo.PLANEWATCH_SIM, Set.of(SIMULATOR))
                .enumeration("state", CONFIG, UP_DOWN, "Fault injection: take every link of the plane down or up.");
        return b.leaves;
    }

    /** Keeps the definitions above one line per leaf. */
    private static final class Builder {
        final List<LeafDefinition> leaves = new ArrayList<>();
        private TelemetryPath parent;
        private ModelInfo model;
        private Set<DeviceRole> roles;

        Builder under(String path, ModelInfo model, Set<DeviceRole> roles) {
            this.parent = TelemetryPath.parse(path);
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
