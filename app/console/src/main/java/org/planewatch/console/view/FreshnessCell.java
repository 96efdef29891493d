package org.planewatch.console.view;

import java.util.Locale;
import javafx.scene.control.TableCell;

/** A table cell that shows LIVE / STALE / LOST / CONNECTING as a colored badge. */
final class FreshnessCell<S> extends TableCell<S, String> {
    @Override
    protected void updateItem(String value, boolean empty) {
        super.updateItem(value, empty);
        if (empty || value == null) {
            ViewParts.chooseStyleClass(this, "freshness-", null);
            setText(null);
            return;
        }
        setText(value);
        ViewParts.chooseStyleClass(this, "freshness-", "freshness-" + value.toLowerCase(Locale.ROOT));
    }
}
