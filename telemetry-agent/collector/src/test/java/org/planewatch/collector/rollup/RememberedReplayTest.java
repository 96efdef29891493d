package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.RememberedLeaves;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A per-device task starting afresh applies its devices' remembered leaves in slices of bounded work
 * (ADR 0156), and a device heard from before its turn first, so that what it sends is never
 * overwritten by what it was remembered with.
 */
class RememberedReplayTest {
    private static final long NOW = 1_000_000;
    private static final long SECOND_NS = 1_000_000_000L;

    @Test
    void aSliceReplaysTheDevicesInTurnUntilItsBudgetIsSpentAndNeverStopsWithinOne() {
        AtomicLong clock = new AtomicLong();
        List<String> looked = new ArrayList<>();
        AtomicInteger replayed = new AtomicInteger();
        RememberedReplay replay = new RememberedReplay(
                List.of("d1", "d2", "d3", "d4", "d5", "d6", "d7"),
                device -> {
                    looked.add(device);
                    clock.addAndGet(100); // each device's replay costs 100 ns of work
                    return null;
                },
                new DevicePartials("0_1", () -> NOW),
                clock::get,
                replayed::incrementAndGet);

        assertEquals(300, replay.replayFor(250, NOW), "three devices: the third ends past the budget");
        assertEquals(List.of("d1", "d2", "d3"), looked);
        assertEquals(3, replayed.get());
        assertEquals(4, replay.pending());
        assertFalse(replay.done());

        assertEquals(100, replay.replayFor(1, NOW), "a slice replays one device at least");
        assertEquals(300, replay.replayFor(1_000, NOW), "the rest, within the budget");
        assertEquals(List.of("d1", "d2", "d3", "d4", "d5", "d6", "d7"), looked);
        assertTrue(replay.done());
        assertEquals(700, replay.spentNanos());
        assertEquals(0, replay.replayFor(1_000, NOW), "nothing left: no work");
    }

    @Test
    void aDeviceHeardFromBeforeItsTurnIsReplayedFirstAndNotAgainSoWhatItSendsStands() {
        Map<String, byte[]> remembered = new HashMap<>();
        remembered.put("host-0", RememberedLeaves.merge(null, evsGood("host-0", 1, 7)));
        remembered.put("host-1", RememberedLeaves.merge(null, evsGood("host-1", 1, 5)));
        DevicePartials partials = new DevicePartials("0_1", () -> NOW);
        List<String> looked = new ArrayList<>();
        RememberedReplay replay = new RememberedReplay(
                List.of("host-0", "host-1"),
                device -> {
                    looked.add(device);
                    return remembered.get(device);
                },
                partials,
                System::nanoTime,
                () -> {});

        replay.before("host-1", NOW);
        partials.apply(evsGood("host-1", 2, 3)); // the agent's own, newer than what it was remembered with
        replay.before("host-1", NOW);
        replay.replayFor(Long.MAX_VALUE, NOW);

        assertEquals(List.of("host-1", "host-0"), looked, "host-1 before its turn, once");
        assertTrue(replay.done());
        PlanePartial plane0 = partials.changes().stream()
                .filter(change -> change.plane() != null)
                .map(PlaneInput::plane)
                .filter(partial -> partial.plane() == 0)
                .findFirst()
                .orElseThrow();
        assertEquals(2, plane0.hosts());
        assertEquals(7 + 3, plane0.evsGood(), "host-0 as remembered, host-1 as it said since");
    }

    private static IngestEvent.Notification evsGood(String host, long second, long good) {
        String base = "mrc:/planes/plane[id=0]/state/";
        return new IngestEvent.Notification(
                "agent",
                host,
                second * SECOND_NS,
                List.of(
                        new TelemetryUpdate(TelemetryPath.parse(base + "evs-good"), TelemetryValue.uint(good)),
                        new TelemetryUpdate(TelemetryPath.parse(base + "oper-status"), TelemetryValue.str("UP"))),
                List.of(),
                NOW);
    }
}
