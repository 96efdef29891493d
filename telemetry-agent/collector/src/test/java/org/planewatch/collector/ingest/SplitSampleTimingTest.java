package org.planewatch.collector.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.TelemetryStore;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * A 2,048-host T0's sample (1,081 updates) reaches the collectors in two parts of at most 1,000
 * updates, and a fleet's drill-down joins the switch's stream late (it reads its last 150 s of raw
 * updates). Its rates must show from the second sample it reads: when the simulated clock came in a
 * sample's last part, the first part of every sample was timed with the previous sample's clock and the
 * drill-down showed rates only from its third sample, which 150 s of 60 s samples do not always hold
 * (5 to 13 s waits in FleetPipelineBench, 0.5 s when the lookback held three).
 */
class SplitSampleTimingTest {
    private static final String SWITCH = "p0-t0-0";

    @Test
    @Timeout(120)
    void aDrillDownThatJoinsLateShowsASplitSamplesRatesFromItsSecondSample(@TempDir Path dir) throws Exception {
        List<IngestEvent.Notification> read;
        try (SimAgent agent = SimAgent.startBigFabricWithALinkDown()) {
            read = DirectRead.readAll(agent, dir, 16, Duration.ofSeconds(4));
        }
        Map<Long, List<IngestEvent.Notification>> samples = new LinkedHashMap<>();
        for (IngestEvent.Notification n : read) {
            if (n.target().equals(SWITCH)) {
                samples.computeIfAbsent(n.timestampNs(), t -> new ArrayList<>()).add(n);
            }
        }
        List<List<IngestEvent.Notification>> after = new ArrayList<>(samples.values());
        after.removeFirst(); // the initial state: a drill-down joins after it
        assertTrue(after.size() >= 2, "two samples after the initial state: " + after.size());
        assertTrue(after.getFirst().size() >= 2, "a sample of " + SWITCH + " comes in parts");

        TelemetryStore drillDown =
                new TelemetryStore(Instant::now, FreshnessPolicy.standard(), AlarmThresholds.defaults(), 64, true);
        drillDown.apply(after.get(0));
        drillDown.publish(FabricSnapshot.IngestStats.NONE);
        drillDown.apply(after.get(1));
        FabricSnapshot.SwitchSummary sw = drillDown
                .publish(FabricSnapshot.IngestStats.NONE)
                .switchNamed(SWITCH)
                .orElseThrow();
        long live = sw.ports().stream()
                .filter(p -> p.outOctets() > 0 && Double.isFinite(p.outBps()) && p.outBps() > 0)
                .count();
        assertEquals(sw.ports().size(), live, "every port of " + SWITCH + " has a rate after two samples");
    }
}
