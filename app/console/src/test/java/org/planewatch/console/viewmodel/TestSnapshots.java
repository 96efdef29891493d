package org.planewatch.console.viewmodel;

import java.util.List;
import java.util.Map;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.LinkState;
import org.planewatch.console.state.FabricSnapshot.PlaneSummary;

/** A snapshot holding just what a view-model test sets: planes, links and active alarms. */
final class TestSnapshots {
    private TestSnapshots() {}

    static FabricSnapshot of(long atMillis, List<PlaneSummary> planes, List<LinkState> links, List<Alarm> active) {
        FabricSnapshot empty = FabricSnapshot.empty();
        return new FabricSnapshot(
                1,
                atMillis,
                planes,
                links,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                active,
                List.of(),
                List.of(),
                Map.of(),
                empty.ingest(),
                empty.trends());
    }
}
