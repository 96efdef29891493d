package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.synthetic.FullScaleFabric;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A suspect whose numbers stay the same (a spine down, every path through it out: nothing in its
 * record moves) still ages on screen: its "first seen (N ago)" follows the fabric's time.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class SuspectAgesWindowTest {
    private final FullScaleFabric fabric = new FullScaleFabric(4, 40, 20, 1_800_000_000_000L);
    private final FabricSnapshot first = fabric.snapshot(1, 1);
    private final FullScaleFabric.Source source = FullScaleFabric.fixedSource(first);
    private MainViewModel viewModel;

    @Start
    void start(Stage stage) {
        viewModel = new MainViewModel(source, Optional.empty(), Optional.empty(), "test");
        viewModel.currentViewProperty().set(ViewId.EXCLUSIONS);
        stage.setScene(new Scene(new MainWindow(viewModel), 1280, 780));
        stage.show();
        viewModel.onFrame();
    }

    private static Set<String> ages(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#suspects-table .table-cell").queryAllAs(TableCell.class).stream()
                .map(TableCell::getText)
                .filter(text -> text != null && text.endsWith(" ago)"))
                .collect(Collectors.toSet());
    }

    @Test
    void aSuspectWhoseNumbersDoNotChangeStillAgesWithTheFabricsTime(FxRobot robot) throws Exception {
        // The fixture's suspects were first seen 40 s (the spine) to 31 s (the gray link) before it.
        assertTrue(
                ages(robot).stream().anyMatch(t -> t.endsWith("(40.0 s ago)")),
                ages(robot).toString());

        // A minute later, the same suspects, the same numbers: 3,000 decisions of 20 ms.
        FabricSnapshot later = fabric.withNewerEvents(first, 2, 3_000);
        assertEquals(first.atMillis() + 60_000, later.atMillis());
        assertEquals(first.suspects(), later.suspects());
        source.set(later);
        WaitForAsyncUtils.asyncFx(viewModel::onFrame).get();
        Set<String> ages = ages(robot);
        assertTrue(ages.stream().anyMatch(t -> t.endsWith("(1 min 40 s ago)")), "the spine's age moved on: " + ages);
        assertTrue(ages.stream().noneMatch(t -> t.endsWith("(40.0 s ago)")), "none stood still: " + ages);
    }
}
