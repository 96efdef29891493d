package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.testing.WholeModel;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The rollups' per-device stage keeps only the tables and leaves its figures read (ADRs 0112, 0142),
 * and starts from a device's remembered leaves without keeping their replay's counter turns again.
 */
class DevicePartialsTest {
    private static final long NOW = 1_000_000;
    private static final long SECOND_NS = 1_000_000_000L;

    @Test
    @Timeout(60)
    void planeSumsAndLinksAreThoseOfTheWholeModelWithoutTheLeavesNoFigureIsMadeFrom(@TempDir Path dir)
            throws Exception {
        List<IngestEvent.Notification> read;
        try (SimAgent agent = SimAgent.start()) {
            read = DirectRead.readAll(agent, dir, 2, Duration.ofSeconds(3)); // samples after the initial states: rates
        }
        DevicePartials rollups = new DevicePartials("0_1", () -> NOW);
        Set<String> leftOut = new TreeSet<>();
        for (IngestEvent.Notification notification : read) {
            rollups.apply(notification);
            for (TelemetryUpdate update : notification.updates()) {
                if (!DevicePartials.reads(update.path())) {
                    leftOut.add(update.path().withoutKeys().toString());
                }
            }
        }
        for (String unread : List.of(
                "queues/queue/state/transmit-pkts", // a switch port's queues
                "counters/in-pkts", // a port's counters the loss between two ends is made from
                "counters/out-discards",
                "state/retransmits")) { // a host plane's, the host view's
            assertTrue(
                    leftOut.stream().anyMatch(path -> path.endsWith(unread)),
                    "the agent sent " + unread + " and the rollups leave it out: " + leftOut);
        }
        assertTrue(
                leftOut.stream()
                        .noneMatch(path -> path.endsWith("counters/out-octets")
                                || path.endsWith("counters/trim-pkts")
                                || path.endsWith("state/oper-status")
                                || path.endsWith("state/evs-good")),
                "what the figures are made from is read: " + leftOut);

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

    @Test
    void aTaskStartingFromRememberedLeavesIsToldOfNoTurnTheReplayMakesButOfTheTurnsThatFollow() {
        TelemetryPath octets = TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/out-octets");
        byte[] remembered = RememberedLeaves.merge(
                null,
                new IngestEvent.Notification("agent", "p0-t0-1", 5 * SECOND_NS, List.of(), List.of(), NOW),
                List.of(new RememberedLeaves.Turn(octets, 500, true)));
        DevicePartials restarted = new DevicePartials("0_1", () -> NOW);
        List<String> turns = new ArrayList<>();
        restarted.watchCounterTurns((counter, value, still) ->
                turns.add(counter.last().name() + (still ? " still at " : " moved to ") + value));

        restarted.applyRemembered("p0-t0-1", remembered, NOW);
        assertEquals(List.of(), turns, "the replay stands the remembered counter still again: no turn to keep");

        for (long second = 6, value = 900; second <= 7; second++, value += 400) {
            restarted.apply(new IngestEvent.Notification(
                    "agent",
                    "p0-t0-1",
                    second * SECOND_NS,
                    List.of(new TelemetryUpdate(octets, TelemetryValue.uint(value))),
                    List.of(),
                    NOW));
        }
        assertEquals(
                List.of("out-octets moved to 1300"), turns, "the watcher hears the counter move on after the replay");
    }
}
