package org.planewatch.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.collections.ListChangeListener;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.Test;

class ViewPartsTest {
    @Test
    void chooseStyleClassTouchesTheClassesOnlyWhenTheChoiceChanges() {
        Pane cell = new Pane();
        cell.getStyleClass().add("list-cell");
        AtomicInteger changes = new AtomicInteger();
        cell.getStyleClass().addListener((ListChangeListener<String>) c -> changes.incrementAndGet());

        ViewParts.chooseStyleClass(cell, "alarm-", "alarm-major");
        ViewParts.chooseStyleClass(cell, "alarm-", "alarm-major");
        ViewParts.chooseStyleClass(cell, "alarm-", "alarm-major");
        assertEquals(List.of("list-cell", "alarm-major"), cell.getStyleClass());
        assertEquals(1, changes.get(), "the same choice again changes nothing (no CSS pass for the cell)");

        ViewParts.chooseStyleClass(cell, "alarm-", "alarm-critical");
        assertEquals(List.of("list-cell", "alarm-critical"), cell.getStyleClass(), "one class of the family at a time");

        ViewParts.chooseStyleClass(cell, "alarm-", null);
        assertEquals(
                List.of("list-cell"), cell.getStyleClass(), "none chosen: the family's class goes, the others stay");
    }
}
