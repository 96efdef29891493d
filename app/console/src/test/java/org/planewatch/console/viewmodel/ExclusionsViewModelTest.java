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
import org.planewatch.console.state.localize.Suspect;

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
        return showing(events, List.of(), 0);
    }

    private static FabricSnapshot showing(List<ExclusionEvent> events, List<Suspect> suspects, long atMillis) {
        return new FabricSnapshot(
                1,
                atMillis,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                events,
                suspects,
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

    private static final String LINK = "p2-t0-1~p2-t1-3";
    private static final long FIRST_SEEN_MILLIS = 1_800_000_000_000L;

    private static Suspect link(String name, double score, int hosts) {
        return new Suspect(Suspect.Kind.LINK, name, 2, score, hosts, FIRST_SEEN_MILLIS * 1_000_000, 40, 3);
    }

    @Test
    void suspectsAreShownBestFirstWithTheirEvidenceAndWhenFirstSeen() {
        ExclusionsViewModel viewModel = new ExclusionsViewModel();
        Suspect culprit = link(LINK, 120, 32);
        viewModel.update(
                showing(List.of(), List.of(culprit, link("p2-t0-0~p2-t1-0", 5, 2)), FIRST_SEEN_MILLIS + 12_000));

        assertEquals(
                List.of(LINK, "p2-t0-0~p2-t1-0"),
                viewModel.suspects().stream().map(Suspect::name).toList());
        assertEquals("40 failing / 3 healthy", ExclusionsViewModel.evidence(culprit));
        String firstSeen = viewModel.firstSeen(culprit);
        assertTrue(firstSeen.matches("\\d\\d:\\d\\d:\\d\\d \\(12(\\.0)? s ago\\)"), firstSeen);
    }

    @Test
    void aSuspectWhoseNumbersMoveKeepsItsRowAndTheSelectionFollowsItUntilItsEvidenceGoes() {
        ExclusionsViewModel viewModel = new ExclusionsViewModel();
        viewModel.update(showing(List.of(), List.of(link(LINK, 120, 30)), FIRST_SEEN_MILLIS));
        viewModel.selectedSuspectProperty().set(viewModel.suspects().getFirst());
        List<String> changes = new ArrayList<>();
        viewModel.suspects().addListener((ListChangeListener<Suspect>) change -> {
            while (change.next()) {
                changes.add(change.wasReplaced() ? "replaced" : change.wasAdded() ? "added" : "removed");
            }
        });

        Suspect moved = link(LINK, 180, 32);
        viewModel.update(showing(List.of(), List.of(moved), FIRST_SEEN_MILLIS + 1_000));
        assertEquals(List.of("replaced"), changes, "the row is updated in place, not the table rebuilt");
        assertEquals(moved, viewModel.selectedSuspectProperty().get(), "the selection shows the newest numbers");

        viewModel.update(showing(List.of(), List.of(), FIRST_SEEN_MILLIS + 30_000));
        assertTrue(viewModel.suspects().isEmpty(), "the table drops a suspect whose evidence went");
        assertEquals(null, viewModel.selectedSuspectProperty().get());
    }
}
