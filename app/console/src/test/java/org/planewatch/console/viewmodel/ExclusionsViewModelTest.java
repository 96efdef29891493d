package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.ExclusionEvent;

class ExclusionsViewModelTest {
    private static ExclusionEvent decision(long seq) {
        return new ExclusionEvent(
                "host-0001",
                seq,
                seq,
                1_000 + seq,
                7,
                3,
                1,
                List.of("p1-t0-0~p1-t1-1"),
                "GOOD",
                "ASSUMED_BAD",
                "LOSS_TIMER");
    }

    private static List<ExclusionEvent> decisions(long fromSeq, long toSeq) {
        List<ExclusionEvent> list = new ArrayList<>();
        for (long seq = fromSeq; seq < toSeq; seq++) {
            list.add(decision(seq));
        }
        return List.copyOf(list);
    }

    private static FabricSnapshot showing(List<ExclusionEvent> events) {
        return new FabricSnapshot(
                1,
                0,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                events,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Map.of(),
                FabricSnapshot.IngestStats.NONE,
                Map.of());
    }

    private static List<ExclusionEvent> newestFirst(List<ExclusionEvent> events) {
        List<ExclusionEvent> reversed = new ArrayList<>(events);
        Collections.reverse(reversed);
        return reversed;
    }

    @Test
    void aFullHistoryThatSlidesMovesRowsAtBothEndsInsteadOfReplacingThem() {
        ExclusionsViewModel viewModel = new ExclusionsViewModel();
        viewModel.update(showing(decisions(0, 100)));
        List<Integer> removedPerChange = new ArrayList<>();
        viewModel.visibleRows().addListener((ListChangeListener<ExclusionEvent>) change -> {
            while (change.next()) {
                removedPerChange.add(change.getRemovedSize());
            }
        });

        List<ExclusionEvent> slid = decisions(30, 130);
        viewModel.update(showing(slid));

        assertEquals(newestFirst(slid), List.copyOf(viewModel.visibleRows()));
        assertFalse(removedPerChange.isEmpty());
        assertTrue(
                removedPerChange.stream().allMatch(removed -> removed <= 30),
                "only the 30 oldest rows left: " + removedPerChange);
    }

    @Test
    void aHistoryThatDoesNotContinueTheShownOneIsShownWhole() {
        ExclusionsViewModel viewModel = new ExclusionsViewModel();
        viewModel.update(showing(decisions(500, 600)));
        List<ExclusionEvent> afterSeek = decisions(0, 40);
        viewModel.update(showing(afterSeek));
        assertEquals(newestFirst(afterSeek), List.copyOf(viewModel.visibleRows()));
        viewModel.update(showing(decisions(0, 45)));
        assertEquals(
                newestFirst(decisions(0, 45)), List.copyOf(viewModel.visibleRows()), "appending still works after it");
    }

    @Test
    void findsHowManyDecisionsLeftTheOldestEnd() {
        assertEquals(0, ExclusionsViewModel.leftAtOldestEnd(decisions(0, 10), decisions(0, 12)));
        assertEquals(3, ExclusionsViewModel.leftAtOldestEnd(decisions(0, 10), decisions(3, 15)));
        assertEquals(-1, ExclusionsViewModel.leftAtOldestEnd(decisions(0, 10), decisions(20, 30)));
        assertEquals(-1, ExclusionsViewModel.leftAtOldestEnd(List.of(), decisions(0, 3)));
    }
}
