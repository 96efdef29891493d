package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.MRC;
import static org.planewatch.telemetry.schema.PathNames.QP;
import static org.planewatch.telemetry.schema.PathNames.QPN;
import static org.planewatch.telemetry.schema.PathNames.QPS;
import static org.planewatch.telemetry.schema.PathNames.STATE;

import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/** A host's per-queue-pair MRC leaves: {@code mrc:/qps/qp[qpn=Q]/state}. */
public final class QpLeaves {

    /** {@code mrc:/qps}. */
    public static final TelemetryPath ROOT = TelemetryPath.of(MRC, PathElem.of(QPS));
    /** {@code mrc:/qps/qp[qpn=*]/state}. */
    public static final TelemetryPath STATE_TEMPLATE = qp(PathElem.ANY).child(STATE);

    public static final String PEER = "peer";
    public static final String TX_PKTS = "tx-pkts";
    public static final String RETRANSMITS = "retransmits";
    public static final String CWND_OCTETS = "cwnd-octets";
    public static final String INFLIGHT_OCTETS = "inflight-octets";
    public static final String SRTT_NS = "srtt-ns";
    public static final String EVS_ACTIVE = "evs-active";
    public static final String MSGS_COMPLETED = "msgs-completed";

    private QpLeaves() {}

    /** {@code mrc:/qps/qp[qpn=qpn]}: the QP's entry, parent of its {@code state} and {@code evs}. */
    public static TelemetryPath qp(long qpn) {
        return qp(Long.toString(qpn));
    }

    /** {@code mrc:/qps/qp[qpn=qpn]/state}. */
    public static TelemetryPath state(long qpn) {
        return qp(qpn).child(STATE);
    }

    static TelemetryPath qp(String qpn) {
        return ROOT.child(QP, QPN, qpn);
    }
}
