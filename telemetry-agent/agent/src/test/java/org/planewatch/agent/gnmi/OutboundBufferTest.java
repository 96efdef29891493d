package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class OutboundBufferTest {

    private static final TelemetryPath A = TelemetryPath.parse("/a");
    private static final TelemetryPath B = TelemetryPath.parse("/b");

    private final AgentStats stats = new AgentStats();

    @Test
    void keepsTheNewestValuePerPathAndCountsWhatItReplaced() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.update("h", 1, A, TelemetryValue.uint(1));
        buffer.update("h", 2, A, TelemetryValue.uint(2));
        buffer.update("h", 3, A, TelemetryValue.uint(3));
        List<OutboundBuffer.Pending> out = buffer.take(10);
        assertEquals(1, out.size());
        assertEquals(TelemetryValue.uint(3), out.getFirst().value);
        assertEquals(2, out.getFirst().duplicates);
        assertEquals(2, stats.coalescedUpdates());
    }

    @Test
    void anOlderReadingNeverReplacesANewerOne() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.update("h", 5, A, TelemetryValue.uint(5));
        buffer.update("h", 4, A, TelemetryValue.uint(4));
        assertEquals(TelemetryValue.uint(5), buffer.take(10).getFirst().value);
    }

    @Test
    void dropsNewPathsWhenFullButNeverSyncMarkers() {
        OutboundBuffer buffer = new OutboundBuffer(1, stats);
        buffer.update("h", 1, A, TelemetryValue.uint(1));
        buffer.update("h", 1, B, TelemetryValue.uint(1));
        buffer.sync();
        assertEquals(1, stats.droppedUpdates());
        List<OutboundBuffer.Pending> out = buffer.take(10);
        assertEquals(2, out.size());
        assertTrue(out.get(1).sync);
    }

    @Test
    void takeStopsAfterASyncMarkerSoItKeepsItsPlace() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.update("h", 1, A, TelemetryValue.uint(1));
        buffer.sync();
        buffer.update("h", 1, B, TelemetryValue.uint(1));
        assertEquals(2, buffer.take(10).size());
        assertEquals(B, buffer.take(10).getFirst().path);
        assertTrue(buffer.isEmpty());
    }

    @Test
    void theSameLeafOfTwoTargetsWaitsAsTwoEntriesInArrivalOrder() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.update("h1", 1, A, TelemetryValue.uint(1));
        buffer.update("h2", 1, A, TelemetryValue.uint(2));
        buffer.update("h1", 2, A, TelemetryValue.uint(3));
        List<OutboundBuffer.Pending> out = buffer.take(10);
        assertEquals(List.of("h1", "h2"), out.stream().map(p -> p.target).toList());
        assertEquals(TelemetryValue.uint(3), out.get(0).value);
        assertEquals(TelemetryValue.uint(2), out.get(1).value);
        buffer.update("h1", 3, A, TelemetryValue.uint(4));
        assertEquals(0, buffer.take(10).getFirst().duplicates); // taken entries no longer coalesce
    }
}
