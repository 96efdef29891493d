package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;

class RequestSelectionTest {

    private static final SelectionBudget UNLIMITED =
            new SelectionBudget(Long.MAX_VALUE, () -> false, () -> "unreachable");

    private static RequestSelection everything() {
        return new RequestSelection(List.of(new SubscriptionSpec(
                PathPattern.parse("/ring/entry[seq=*]/value"), SubscriptionMode.ON_CHANGE, 0, false, 0)));
    }

    /** A host's layout as the simulated agent builds it: one more event entry with every new decision. */
    private static LeafLayout layoutWithEvents(long firstSeq, int events) {
        List<TelemetryPath> paths = new ArrayList<>();
        for (long seq = firstSeq; seq < firstSeq + events; seq++) {
            paths.add(TelemetryPath.parse("/ring/entry[seq=" + seq + "]/value"));
        }
        return new LeafLayout(paths);
    }

    @Test
    void keepsOnlyTheCurrentLayoutOfEachTargetHoweverOftenLayoutsChange() {
        RequestSelection selection = everything();
        List<String> hosts = List.of("host-0", "host-1", "host-2");
        for (int publish = 0; publish < 5_000; publish++) {
            for (String host : hosts) {
                selection.layout(host, layoutWithEvents(publish, 8), UNLIMITED);
            }
        }
        // Before: every layout seen was kept, up to 4,096 per stream, each with its path index.
        assertEquals(hosts.size(), selection.cachedLayouts());
    }

    @Test
    void answersFromTheCacheWhileATargetKeepsItsLayout() {
        RequestSelection selection = everything();
        LeafLayout layout = layoutWithEvents(100, 4);
        var first = selection.layout("host-0", layout, UNLIMITED);
        assertSame(first, selection.layout("host-0", layout, UNLIMITED));
        assertArrayEquals(new int[] {0, 1, 2, 3}, first.selected);
        LeafLayout next = layoutWithEvents(101, 4);
        var changed = selection.layout("host-0", next, UNLIMITED);
        assertArrayEquals(new int[] {0, 1, 2, 3}, changed.selected);
        assertEquals(1, selection.cachedLayouts());
    }

    @Test
    void targetsOfOneLayoutShareOneAnswer() {
        // Every switch of the full fabric has the same leaves, so one layout: one answer for all of
        // them, where each target kept its own copy (6,144 copies of 20,000 leaves).
        RequestSelection selection = everything();
        LeafLayout shared = layoutWithEvents(0, 64);
        var first = selection.layout("p0-t1-0", shared, UNLIMITED);
        for (int sw = 1; sw < 100; sw++) {
            assertSame(first, selection.layout("p0-t1-" + sw, shared, UNLIMITED));
        }
        assertEquals(100, selection.cachedLayouts());
        assertEquals(1, selection.distinctLayoutSelections());
    }
}
