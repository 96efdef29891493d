package org.planewatch.telemetry.schema;

import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;

/** The agent's own counters: {@code mrc:/agent/state}. */
public final class AgentLeaves {

    /** {@code mrc:/agent/state}. */
    public static final TelemetryPath STATE =
            TelemetryPath.of(PathNames.MRC, PathElem.of(PathNames.AGENT), PathElem.of(PathNames.STATE));

    public static final String COALESCED_UPDATES = "coalesced-updates";
    public static final String DROPPED_UPDATES = "dropped-updates";
    public static final String ACTIVE_SUBSCRIPTIONS = "active-subscriptions";
    public static final String CONNECTED_CLIENTS = "connected-clients";

    private AgentLeaves() {}
}
