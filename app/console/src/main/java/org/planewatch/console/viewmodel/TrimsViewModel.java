package org.planewatch.console.viewmodel;

import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.TrimPoint;

/** Trim-rate series per plane; split shows last-hop (incast) and fabric trims apart. */
public final class TrimsViewModel {
    private final ReadOnlyObjectWrapper<Map<Integer, List<TrimPoint>>> series = new ReadOnlyObjectWrapper<>(Map.of());
    private final BooleanProperty split = new SimpleBooleanProperty(true);

    public ReadOnlyObjectProperty<Map<Integer, List<TrimPoint>>> seriesProperty() {
        return series.getReadOnlyProperty();
    }

    public BooleanProperty splitProperty() {
        return split;
    }

    void update(FabricSnapshot snapshot) {
        if (snapshot.trimHistory() != series.get()) {
            series.set(snapshot.trimHistory());
        }
    }
}
