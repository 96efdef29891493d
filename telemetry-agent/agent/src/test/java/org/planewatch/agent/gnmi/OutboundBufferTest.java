package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.agent.backend.LeafTable;
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

    private static final TelemetryPath C = TelemetryPath.parse("/c");
    private static final LeafLayout ABC = new LeafLayout(List.of(A, B, C));

    private static LeafTable table(LeafLayout layout, long... values) {
        LeafTable.Builder b = new LeafTable.Builder(layout);
        for (long v : values) {
            b.uint(v);
        }
        return b.build();
    }

    @Test
    void aSampledTableCoalescesLeafByLeafWithWhatWaitsForThatTarget() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.update("h", 1, B, TelemetryValue.str("from a change"));
        buffer.updateTable("h", 2, table(ABC, 1, 2, 3), new int[] {0, 1});
        buffer.updateTable("h", 3, table(ABC, 4, 5, 6), new int[] {0, 1});
        buffer.update("h", 2, A, TelemetryValue.uint(99)); // older than the waiting reading: counted, not taken
        List<OutboundBuffer.Pending> out = buffer.take(10);
        assertEquals(List.of(B, A), out.stream().map(p -> p.path).toList(), "arrival order, one entry per path");
        assertEquals(TelemetryValue.uint(5), out.get(0).value);
        assertEquals(2, out.get(0).duplicates);
        assertEquals(TelemetryValue.uint(4), out.get(1).value);
        assertEquals(2, out.get(1).duplicates);
        assertEquals(4, stats.coalescedUpdates());
        assertTrue(buffer.isEmpty());
    }

    @Test
    void aTableOfANewLayoutKeepsTheWaitingLeavesOfTheOldOne() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.updateTable("h", 1, table(ABC, 1, 2, 3), new int[] {0, 2});
        LeafLayout ba = new LeafLayout(List.of(B, A));
        buffer.updateTable("h", 2, table(ba, 7, 8), new int[] {0, 1});
        List<OutboundBuffer.Pending> out = buffer.take(10);
        assertEquals(List.of(A, C, B), out.stream().map(p -> p.path).toList());
        assertEquals(
                List.of(TelemetryValue.uint(8), TelemetryValue.uint(3), TelemetryValue.uint(7)),
                out.stream().map(p -> p.value).toList());
        assertEquals(List.of(1, 0, 0), out.stream().map(p -> p.duplicates).toList());
    }

    @Test
    void aTableAfterASyncMarkerSendsItsNewLeavesAfterIt() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.updateTable("h", 1, table(ABC, 1, 2, 3), new int[] {0});
        buffer.sync();
        buffer.updateTable("h", 2, table(ABC, 4, 5, 6), new int[] {0, 1});
        List<OutboundBuffer.Pending> first = buffer.take(10);
        assertEquals(2, first.size());
        assertEquals(
                TelemetryValue.uint(4), first.get(0).value, "the waiting leaf took the newer reading in its place");
        assertTrue(first.get(1).sync);
        List<OutboundBuffer.Pending> second = buffer.take(10);
        assertEquals(List.of(B), second.stream().map(p -> p.path).toList());
        assertTrue(buffer.isEmpty());
    }

    /** Issue 20 item 3: sampled tables of a large fabric filled the buffer and a decision, sent once, was dropped. */
    @Test
    void tablesLeaveAnEighthOfTheBufferToChanges() {
        List<TelemetryPath> leaves = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            leaves.add(TelemetryPath.parse("/leaf" + i));
        }
        OutboundBuffer buffer = new OutboundBuffer(8, stats);
        buffer.updateTable(
                "h", 1, table(new LeafLayout(leaves), 0, 1, 2, 3, 4, 5, 6, 7), new int[] {0, 1, 2, 3, 4, 5, 6, 7});
        TelemetryPath decision = TelemetryPath.parse("mrc:/events/event[seq=1]/state/reason");
        buffer.update("h", 2, decision, TelemetryValue.str("probe-loss"));
        List<OutboundBuffer.Pending> out = buffer.take(10);
        assertEquals(8, out.size());
        assertEquals(decision, out.getLast().path, "the decision found room");
        assertEquals(1, stats.droppedUpdates(), "the sample left out");
    }

    @Test
    void aTableDropsTheLeavesThatFindTheBufferFull() {
        OutboundBuffer buffer = new OutboundBuffer(2, stats);
        buffer.updateTable("h", 1, table(ABC, 1, 2, 3), new int[] {0, 1, 2});
        assertEquals(1, stats.droppedUpdates());
        assertEquals(2, buffer.take(10).size());
    }

    @Test
    void aStreamOfOneDeviceFreesItsColumnsOnceDrained() {
        // 137,216 per-device streams each kept its device's columns (a copy of the layout's size)
        // between samples a minute apart.
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.releaseDrainedSlots();
        buffer.updateTable("h", 1, table(ABC, 1, 2, 3), new int[] {0, 1, 2});
        assertEquals(1, buffer.slotCount());
        assertEquals(3, buffer.take(10).size());
        assertEquals(0, buffer.slotCount());
        buffer.updateTable("h", 2, table(ABC, 4, 5, 6), new int[] {0, 1, 2});
        assertEquals(3, buffer.take(10).size(), "a freed slot is made again at the next sample");
    }

    @Test
    void aStreamOfManyDevicesKeepsItsColumnsForTheNextSample() {
        OutboundBuffer buffer = new OutboundBuffer(10, stats);
        buffer.updateTable("h", 1, table(ABC, 1, 2, 3), new int[] {0, 1, 2});
        buffer.take(10);
        assertEquals(1, buffer.slotCount());
    }
}
