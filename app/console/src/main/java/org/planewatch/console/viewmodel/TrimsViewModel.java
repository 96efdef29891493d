package org.planewatch.console.viewmodel;

import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FabricSnapshot.TrimPoint;

/**
 * Trim-rate series per plane, smoothed as the overview's tiles are (their last points are the tiles'
 * figures); split shows last-hop (incast) and fabric trims apart; a common scale lets planes compare.
 */
public final class TrimsViewModel {
    private final ReadOnlyObjectWrapper<Map<Integer, List<TrimPoint>>> series = new ReadOnlyObjectWrapper<>(Map.of());
    private final BooleanProperty split = new SimpleBooleanProperty(true);
    private final BooleanProperty commonScale = new SimpleBooleanProperty(true);

    public ReadOnlyObjectProperty<Map<Integer, List<TrimPoint>>> seriesProperty() {
        return series.getReadOnlyProperty();
    }

    public BooleanProperty splitProperty() {
        return split;
    }

    /** One y-scale for every plane's chart (so their heights compare), or one per plane (to see each one's shape). */
    public BooleanProperty commonScaleProperty() {
        return commonScale;
    }

    /**
     * The top of the common y-scale: the largest value any plane's chart draws (total, or the larger
     * of last hop and fabric when split); 0 when there is none.
     */
    public static double commonMax(Map<Integer, List<TrimPoint>> series, boolean split) {
        double max = 0;
        for (List<TrimPoint> points : series.values()) {
            for (TrimPoint p : points) {
                double v = split ? Math.max(p.lastHop(), p.fabric()) : p.lastHop() + p.fabric();
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        return max;
    }

    void update(FabricSnapshot snapshot) {
        if (snapshot.trimHistory() != series.get()) {
            series.set(snapshot.trimHistory());
        }
    }
}
