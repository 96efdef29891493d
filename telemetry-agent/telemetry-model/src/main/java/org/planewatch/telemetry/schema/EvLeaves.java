package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.EV;
import static org.planewatch.telemetry.schema.PathNames.EVS;
import static org.planewatch.telemetry.schema.PathNames.ID;
import static org.planewatch.telemetry.schema.PathNames.STATE;

import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * Per-EV leaves of a queue pair: {@code mrc:/qps/qp[qpn=Q]/evs/ev[id=E]/state}. High cardinality: a
 * wildcard does not reach them (see {@link TelemetrySchema#isExplicitOnly}).
 */
public final class EvLeaves {

    /** {@code mrc:/qps/qp/evs}: the subtree a subscription must name explicitly. */
    public static final TelemetryPath EXPLICIT_SUBTREE =
            TelemetryPath.of(PathNames.MRC, PathElem.of(PathNames.QPS), PathElem.of(PathNames.QP), PathElem.of(EVS));
    /** {@code mrc:/qps/qp[qpn=*]/evs/ev[id=*]/state}. */
    public static final TelemetryPath STATE_TEMPLATE = state(QpLeaves.qp(PathElem.ANY), PathElem.ANY);

    public static final String PLANE = "plane";
    /** The EV's exclusion state (GOOD, ASSUMED_BAD, ...): the leaf named {@code state}. */
    public static final String EXCLUSION_STATE = "state";

    public static final String PENALTY = "penalty";
    public static final String TX_PKTS = "tx-pkts";
    public static final String ECN_MARKS = "ecn-marks";
    public static final String TRIMS = "trims";
    public static final String LOSSES = "losses";
    public static final String LAST_CHANGE = "last-change";

    private EvLeaves() {}

    /** {@code mrc:/qps/qp[qpn=qpn]/evs/ev[id=ev]/state}. */
    public static TelemetryPath state(long qpn, int ev) {
        return state(QpLeaves.qp(qpn), Integer.toString(ev));
    }

    /** {@code <qp>/evs/ev[id=ev]/state} under a QP's entry ({@link QpLeaves#qp}). */
    public static TelemetryPath state(TelemetryPath qp, int ev) {
        return state(qp, Integer.toString(ev));
    }

    private static TelemetryPath state(TelemetryPath qp, String id) {
        return qp.child(EVS).child(EV, ID, id).child(STATE);
    }
}
