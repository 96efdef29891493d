package org.planewatch.console.viewmodel;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * State of the main window that the views bind to. Holds no JavaFX nodes, so it can be tested
 * without a stage.
 */
public final class MainViewModel {
    private final ReadOnlyStringWrapper sourceDescription =
            new ReadOnlyStringWrapper("No source connected");
    private final ReadOnlyStringWrapper fabricPlaceholder =
            new ReadOnlyStringWrapper(
                    "No fabric yet. Connect to an agent (File \u2192 Connect) or open a recording.");

    public ReadOnlyStringProperty sourceDescriptionProperty() {
        return sourceDescription.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty fabricPlaceholderProperty() {
        return fabricPlaceholder.getReadOnlyProperty();
    }
}
