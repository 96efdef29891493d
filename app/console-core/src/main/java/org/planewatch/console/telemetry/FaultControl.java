package org.planewatch.console.telemetry;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Fault injection on a simulated fabric. Offered only when the agent serves the simulator's
 * configuration model; a real fabric never gets one.
 */
public interface FaultControl {
    CompletableFuture<Void> setLink(String link, boolean up);

    CompletableFuture<Void> rebootSwitch(String switchName, Duration down);

    CompletableFuture<Void> setPlane(int plane, boolean up);
}
