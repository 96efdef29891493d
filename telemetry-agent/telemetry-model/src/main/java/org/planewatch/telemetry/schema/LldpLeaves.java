package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.ID;
import static org.planewatch.telemetry.schema.PathNames.INTERFACE;
import static org.planewatch.telemetry.schema.PathNames.INTERFACES;
import static org.planewatch.telemetry.schema.PathNames.LLDP;
import static org.planewatch.telemetry.schema.PathNames.NAME;
import static org.planewatch.telemetry.schema.PathNames.NEIGHBOR;
import static org.planewatch.telemetry.schema.PathNames.NEIGHBORS;
import static org.planewatch.telemetry.schema.PathNames.STATE;

import java.util.List;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * OpenConfig LLDP neighbors of a port (openconfig-lldp):
 * {@code /lldp/interfaces/interface[name=P]/neighbors/neighbor[id=N]/state}. What the device at the far
 * end of port P announces about itself: its name and the port it sent from. The console builds the
 * fabric's topology from these.
 */
public final class LldpLeaves {

    /** {@code /lldp/interfaces}: every port's neighbors. */
    public static final TelemetryPath ROOT = TelemetryPath.of("", PathElem.of(LLDP), PathElem.of(INTERFACES));
    /** Index of the {@code interface[name]} element in a neighbor path. */
    public static final int INTERFACE_ELEM = 2;
    /** Index of the {@code neighbor[id]} element in a neighbor path. */
    public static final int NEIGHBOR_ELEM = 4;
    /** {@code /lldp/interfaces/interface[name=*]/neighbors/neighbor[id=*]/state}. */
    public static final TelemetryPath STATE_TEMPLATE = state(PathElem.ANY, PathElem.ANY);

    public static final String ID_LEAF = ID;
    public static final String SYSTEM_NAME = "system-name";
    public static final String SYSTEM_DESCRIPTION = "system-description";
    public static final String CHASSIS_ID = "chassis-id";
    public static final String CHASSIS_ID_TYPE = "chassis-id-type";
    public static final String PORT_ID = "port-id";
    public static final String PORT_ID_TYPE = "port-id-type";
    public static final String PORT_DESCRIPTION = "port-description";

    /** The leaves a fabric's topology is learnt from: the far end's name and the port it sent from. */
    public static final List<String> TOPOLOGY = List.of(SYSTEM_NAME, PORT_ID);

    /** openconfig-lldp-types {@code chassis-id-type}. */
    public static final List<String> CHASSIS_ID_TYPES = List.of(
            "CHASSIS_COMPONENT",
            "INTERFACE_ALIAS",
            "PORT_COMPONENT",
            "MAC_ADDRESS",
            "NETWORK_ADDRESS",
            "INTERFACE_NAME",
            "LOCAL");
    /** openconfig-lldp-types {@code port-id-type}. */
    public static final List<String> PORT_ID_TYPES = List.of(
            "INTERFACE_ALIAS",
            "PORT_COMPONENT",
            "MAC_ADDRESS",
            "NETWORK_ADDRESS",
            "INTERFACE_NAME",
            "AGENT_CIRCUIT_ID",
            "LOCAL");

    private LldpLeaves() {}

    /** {@code /lldp/interfaces/interface[name=port]/neighbors/neighbor[id=neighbor]/state}. */
    public static TelemetryPath state(String port, String neighbor) {
        return ROOT.child(INTERFACE, NAME, port)
                .child(NEIGHBORS)
                .child(NEIGHBOR, ID, neighbor)
                .child(STATE);
    }
}
