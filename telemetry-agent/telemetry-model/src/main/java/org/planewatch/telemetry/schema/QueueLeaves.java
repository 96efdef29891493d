package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.INTERFACE;
import static org.planewatch.telemetry.schema.PathNames.INTERFACES;
import static org.planewatch.telemetry.schema.PathNames.INTERFACE_ID;
import static org.planewatch.telemetry.schema.PathNames.NAME;
import static org.planewatch.telemetry.schema.PathNames.OUTPUT;
import static org.planewatch.telemetry.schema.PathNames.QOS;
import static org.planewatch.telemetry.schema.PathNames.QUEUE;
import static org.planewatch.telemetry.schema.PathNames.QUEUES;
import static org.planewatch.telemetry.schema.PathNames.STATE;

import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * OpenConfig QoS output-queue leaves of a switch port:
 * {@code /qos/interfaces/interface[interface-id=P]/output/queues/queue[name=Q]/state}.
 */
public final class QueueLeaves {

    /** {@code /qos/interfaces}: every port's queues. */
    public static final TelemetryPath ROOT = TelemetryPath.of("", PathElem.of(QOS), PathElem.of(INTERFACES));
    /** Index of the {@code interface[interface-id]} element in a queue path. */
    public static final int INTERFACE_ELEM = 2;
    /** Index of the {@code queue[name]} element in a queue path. */
    public static final int QUEUE_ELEM = 5;
    /** {@code /qos/interfaces/interface[interface-id=*]/output/queues/queue[name=*]/state}. */
    public static final TelemetryPath STATE_TEMPLATE = state(PathElem.ANY, PathElem.ANY);

    public static final String TRANSMIT_PKTS = "transmit-pkts";
    public static final String TRANSMIT_OCTETS = "transmit-octets";
    public static final String DROPPED_PKTS = "dropped-pkts";
    public static final String ECN_MARKED_PKTS = "ecn-marked-pkts";
    public static final String TRIM_PKTS = "trim-pkts";
    public static final String OUT_TRIM_PKTS = "out-trim-pkts";
    public static final String DROPPED_TRIM_PKTS = "dropped-trim-pkts";
    public static final String MAX_QUEUE_LEN = "max-queue-len";
    public static final String AVG_QUEUE_LEN = "avg-queue-len";

    private QueueLeaves() {}

    /** {@code /qos/interfaces/interface[interface-id=port]/output/queues}. */
    public static TelemetryPath queues(String port) {
        return ROOT.child(INTERFACE, INTERFACE_ID, port).child(OUTPUT).child(QUEUES);
    }

    /** {@code /qos/interfaces/interface[interface-id=port]/output/queues/queue[name=queue]/state}. */
    public static TelemetryPath state(String port, String queue) {
        return queues(port).child(QUEUE, NAME, queue).child(STATE);
    }
}
