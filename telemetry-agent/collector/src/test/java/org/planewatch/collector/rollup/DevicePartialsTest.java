package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.testing.WholeModel;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;

/** The rollups' per-device stage keeps only the tables its sums read (ADR 0112). */
class DevicePartialsTest {
    private static final long NOW = 1_000_000;

    @Test
    @Timeout(60)
    void planeSumsAndLinksAreThoseOfTheWholeModelWithoutQueueAndQpRows(@TempDir Path dir) throws Exception {
        List<IngestEvent.Notification> read;
        try (SimAgent agent = SimAgent.start()) {
            read = DirectRead.readAll(agent, dir, 2, Duration.ofSeconds(3)); // samples after the initial states: rates
        }
        DevicePartials rollups = new DevicePartials("0_1", () -> NOW);
        long leftOut = 0;
        for (IngestEvent.Notification notification : read) {
            rollups.apply(notification);
            leftOut += notification.updates().size()
                    - notification
                            .keepingUpdates(DevicePartials::reads)
                            .updates()
                            .size();
        }
        assertTrue(leftOut > 0, "the agent sent queue and QP leaves the rollups leave out");

        FabricSnapshot snapshot = WholeModel.of(read, NOW);
        List<PlaneInput> changes = rollups.changes();
        Set<PlanePartial> planes = changes.stream()
                .filter(c -> c.plane() != null)
                .map(PlaneInput::plane)
                .collect(Collectors.toSet());
        Set<LinkPartial> links = changes.stream()
                .filter(c -> c.link() != null)
                .map(PlaneInput::link)
                .collect(Collectors.toSet());
        assertEquals(Set.copyOf(DevicePartials.planePartials("0_1", snapshot)), planes);
        assertEquals(Set.copyOf(DevicePartials.linkPartials("0_1", snapshot)), links);
        assertTrue(
                links.stream().anyMatch(l -> !Double.isNaN(l.bitsPerSecond())),
                "some link has a rate (the comparison covers rates, not only states)");
    }
}
