package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.COUNTERS;
import static org.planewatch.telemetry.schema.PathNames.ETHERNET;
import static org.planewatch.telemetry.schema.PathNames.INTERFACE;
import static org.planewatch.telemetry.schema.PathNames.INTERFACES;
import static org.planewatch.telemetry.schema.PathNames.NAME;
import static org.planewatch.telemetry.schema.PathNames.STATE;

import java.util.Set;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * OpenConfig interface leaves: {@code /interfaces/interface[name=N]/state}, its {@code counters}, and
 * the Ethernet state of openconfig-if-ethernet ({@code /interfaces/interface[name=N]/ethernet/state}).
 */
public final class InterfaceLeaves {

    /** {@code /interfaces}: every interface. */
    public static final TelemetryPath ROOT = TelemetryPath.of("", PathElem.of(INTERFACES));
    /** {@code /interfaces/interface[name=*]/state}. */
    public static final TelemetryPath STATE_TEMPLATE = state(PathElem.ANY);
    /** {@code /interfaces/interface[name=*]/state/counters}. */
    public static final TelemetryPath COUNTERS_TEMPLATE = counters(PathElem.ANY);
    /** {@code /interfaces/interface[name=*]/ethernet/state}. */
    public static final TelemetryPath ETHERNET_STATE_TEMPLATE = ethernetState(PathElem.ANY);

    // under state
    public static final String OPER_STATUS = "oper-status";
    public static final String ADMIN_STATUS = "admin-status";
    /**
     * The port's free-text description (OpenConfig): Planewatch agents do not serve it, but switches
     * of other makers do, and the console reads a peer's name from it.
     */
    public static final String DESCRIPTION = "description";

    /** Names above that the console reads from other devices but the schema (what Planewatch serves) has not. */
    public static final Set<String> READ_NOT_SERVED = Set.of(DESCRIPTION);

    // under ethernet/state
    /** The port's speed, an ETHERNET_SPEED identity ({@link EthernetSpeed}). */
    public static final String PORT_SPEED = "port-speed";

    // under state/counters
    public static final String IN_OCTETS = "in-octets";
    public static final String IN_PKTS = "in-pkts";
    public static final String IN_DISCARDS = "in-discards";
    public static final String IN_ERRORS = "in-errors";
    public static final String IN_FCS_ERRORS = "in-fcs-errors";
    public static final String OUT_OCTETS = "out-octets";
    public static final String OUT_PKTS = "out-pkts";
    public static final String OUT_DISCARDS = "out-discards";
    public static final String OUT_ERRORS = "out-errors";
    public static final String CARRIER_TRANSITIONS = "carrier-transitions";
    public static final String TRIM_PKTS = "trim-pkts";
    public static final String OUT_TRIM_PKTS = "out-trim-pkts";
    public static final String DROPPED_TRIM_PKTS = "dropped-trim-pkts";
    public static final String LAST_CLEAR = "last-clear";

    private InterfaceLeaves() {}

    /** {@code /interfaces/interface[name=ifName]/state}. */
    public static TelemetryPath state(String ifName) {
        return ROOT.child(INTERFACE, NAME, ifName).child(STATE);
    }

    /** {@code /interfaces/interface[name=ifName]/state/counters}. */
    public static TelemetryPath counters(String ifName) {
        return state(ifName).child(COUNTERS);
    }

    /** {@code /interfaces/interface[name=ifName]/ethernet/state}. */
    public static TelemetryPath ethernetState(String ifName) {
        return ROOT.child(INTERFACE, NAME, ifName).child(ETHERNET).child(STATE);
    }
}
