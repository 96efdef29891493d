package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.ID;
import static org.planewatch.telemetry.schema.PathNames.MRC;
import static org.planewatch.telemetry.schema.PathNames.PLANE;
import static org.planewatch.telemetry.schema.PathNames.PLANES;
import static org.planewatch.telemetry.schema.PathNames.STATE;

import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/** A host's per-plane MRC leaves: {@code mrc:/planes/plane[id=P]/state}. */
public final class PlaneLeaves {

    /** {@code mrc:/planes}. */
    public static final TelemetryPath ROOT = TelemetryPath.of(MRC, PathElem.of(PLANES));
    /** {@code mrc:/planes/plane[id=*]/state}. */
    public static final TelemetryPath STATE_TEMPLATE = state(PathElem.ANY);

    public static final String PORT_NAME = "port-name";
    public static final String OPER_STATUS = "oper-status";
    public static final String TX_PKTS = "tx-pkts";
    public static final String RX_PKTS = "rx-pkts";
    public static final String TX_OCTETS = "tx-octets";
    public static final String RX_OCTETS = "rx-octets";
    public static final String RETRANSMITS = "retransmits";
    public static final String NACKS_RCVD = "nacks-rcvd";
    public static final String TRIM_NACKS_RCVD = "trim-nacks-rcvd";
    public static final String TRIM_NACKS_SENT = "trim-nacks-sent";
    public static final String ECN_ECHOES_RCVD = "ecn-echoes-rcvd";
    public static final String RTO_EXPIRIES = "rto-expiries";
    public static final String PROBES_SENT = "probes-sent";
    public static final String PROBES_OK = "probes-ok";
    public static final String PROBES_LOST = "probes-lost";
    public static final String EVS_GOOD = "evs-good";
    public static final String EVS_ASSUMED_BAD = "evs-assumed-bad";
    public static final String EVS_DENIED = "evs-denied";
    public static final String EVS_UNKNOWN = "evs-unknown";
    public static final String LAST_CLEAR = "last-clear";

    private PlaneLeaves() {}

    /** {@code mrc:/planes/plane[id=plane]/state}. */
    public static TelemetryPath state(int plane) {
        return state(Integer.toString(plane));
    }

    private static TelemetryPath state(String id) {
        return ROOT.child(PLANE, ID, id).child(STATE);
    }
}
