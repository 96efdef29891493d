package org.planewatch.telemetry.schema;

import static org.planewatch.telemetry.schema.PathNames.CLOCK;
import static org.planewatch.telemetry.schema.PathNames.CONFIG;
import static org.planewatch.telemetry.schema.PathNames.ID;
import static org.planewatch.telemetry.schema.PathNames.LINK;
import static org.planewatch.telemetry.schema.PathNames.LINKS;
import static org.planewatch.telemetry.schema.PathNames.NAME;
import static org.planewatch.telemetry.schema.PathNames.PLANE;
import static org.planewatch.telemetry.schema.PathNames.PLANES;
import static org.planewatch.telemetry.schema.PathNames.SIM;
import static org.planewatch.telemetry.schema.PathNames.STATE;
import static org.planewatch.telemetry.schema.PathNames.SWITCH;
import static org.planewatch.telemetry.schema.PathNames.SWITCHES;

import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/** The simulator's leaves: its clock ({@code sim:/clock}) and fault injection (links, switches, planes). */
public final class SimLeaves {

    /** {@code sim:/clock}. */
    public static final TelemetryPath CLOCK_ROOT = TelemetryPath.of(SIM, PathElem.of(CLOCK));
    /** {@code sim:/clock/state}. */
    public static final TelemetryPath CLOCK_STATE = CLOCK_ROOT.child(STATE);
    /** {@code sim:/clock/config}. */
    public static final TelemetryPath CLOCK_CONFIG = CLOCK_ROOT.child(CONFIG);
    /** {@code sim:/links/link[name=*]/config}. */
    public static final TelemetryPath LINK_CONFIG_TEMPLATE = linkConfig(PathElem.ANY);
    /** {@code sim:/switches/switch[name=*]/config}. */
    public static final TelemetryPath SWITCH_CONFIG_TEMPLATE = switchConfig(PathElem.ANY);
    /** {@code sim:/planes/plane[id=*]/config}. */
    public static final TelemetryPath PLANE_CONFIG_TEMPLATE = planeConfig(PathElem.ANY);

    // under clock/state (DILATION and PAUSED also under clock/config)
    public static final String SCENARIO = "scenario";
    public static final String EPOCH = "epoch";
    public static final String SIM_TIME_NS = "sim-time-ns";
    public static final String DILATION = "dilation";
    public static final String PAUSED = "paused";
    public static final String EVENTS_PROCESSED = "events-processed";

    /** Of a link's or a plane's config: UP or DOWN. */
    public static final String ADMIN_STATE = "state";
    /** Of a switch's config: how long it stays down, simulated ns. */
    public static final String REBOOT = "reboot";

    private SimLeaves() {}

    /** {@code sim:/links/link[name=link]/config}. */
    public static TelemetryPath linkConfig(String link) {
        return TelemetryPath.of(SIM, PathElem.of(LINKS), PathElem.of(LINK, NAME, link), PathElem.of(CONFIG));
    }

    /** {@code sim:/switches/switch[name=name]/config}. */
    public static TelemetryPath switchConfig(String name) {
        return TelemetryPath.of(SIM, PathElem.of(SWITCHES), PathElem.of(SWITCH, NAME, name), PathElem.of(CONFIG));
    }

    /** {@code sim:/planes/plane[id=plane]/config}. */
    public static TelemetryPath planeConfig(int plane) {
        return planeConfig(Integer.toString(plane));
    }

    private static TelemetryPath planeConfig(String id) {
        return TelemetryPath.of(SIM, PathElem.of(PLANES), PathElem.of(PLANE, ID, id), PathElem.of(CONFIG));
    }
}
