package org.planewatch.console.view;

import java.util.Locale;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import org.planewatch.console.viewmodel.ReplayComparison;
import org.planewatch.console.viewmodel.ReplayViewModel;

/** Two instants of a recording side by side: plane health, exclusions, links down, trims, EV states. */
public final class CompareDialog {
    private CompareDialog() {}

    public static Dialog<Void> of(ReplayComparison comparison) {
        TableView<ReplayComparison.PlaneRow> planes = new TableView<>();
        planes.setId("compare-planes");
        planes.getColumns().add(ViewParts.column("plane", ReplayComparison.PlaneRow::plane, 60));
        planes.getColumns().add(ViewParts.column("health A", r -> percent(r.healthA()), 90));
        planes.getColumns().add(ViewParts.column("health B", r -> percent(r.healthB()), 90));
        planes.getColumns().add(ViewParts.column("EVs out A", ReplayComparison.PlaneRow::evsOutA, 90));
        planes.getColumns().add(ViewParts.column("EVs out B", ReplayComparison.PlaneRow::evsOutB, 90));
        planes.getColumns().add(ViewParts.column("links down A", ReplayComparison.PlaneRow::linksDownA, 100));
        planes.getColumns().add(ViewParts.column("links down B", ReplayComparison.PlaneRow::linksDownB, 100));
        planes.getColumns().add(ViewParts.column("trims/s A", r -> rate(r.trimRateA()), 90));
        planes.getColumns().add(ViewParts.column("trims/s B", r -> rate(r.trimRateB()), 90));
        planes.getItems().setAll(comparison.planes());
        planes.setPrefHeight(260);

        TableView<ReplayComparison.HostRow> hosts = new TableView<>();
        hosts.setId("compare-hosts");
        hosts.getColumns().add(ViewParts.column("host", ReplayComparison.HostRow::host, 110));
        hosts.getColumns().add(evs("EVs A (good/bad/denied)", r -> r.goodA() + " / " + r.badA() + " / " + r.deniedA()));
        hosts.getColumns().add(evs("EVs B (good/bad/denied)", r -> r.goodB() + " / " + r.badB() + " / " + r.deniedB()));
        hosts.getItems().setAll(comparison.hosts());
        hosts.setPlaceholder(new Label("No host's EV states differ between A and B."));
        hosts.setPrefHeight(220);

        Label header = new Label("A = " + ReplayViewModel.formatInstant(comparison.atMillisA())
                + "     B = " + ReplayViewModel.formatInstant(comparison.atMillisB())
                + "     (B \u2212 A = "
                + ReplayViewModel.formatOffset(Math.abs(comparison.atMillisB() - comparison.atMillisA())) + ")");
        VBox content = new VBox(
                8,
                header,
                ViewParts.titled("Planes", planes),
                ViewParts.titled("Hosts whose EV states changed", hosts));
        content.setPadding(new Insets(10));
        Dialog<Void> dialog = new Dialog<>();
        dialog.setTitle("Compare two instants");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().setPrefWidth(900);
        return dialog;
    }

    public static Alert failure(Throwable error) {
        return new Alert(Alert.AlertType.ERROR, "Cannot compare: " + error.getMessage(), ButtonType.OK);
    }

    private static <S> TableColumn<S, String> evs(String title, Function<S, String> value) {
        return ViewParts.column(title, value, 220);
    }

    private static String percent(double value) {
        return Double.isNaN(value) ? "\u2013" : String.format(Locale.ROOT, "%.1f %%", value * 100);
    }

    private static String rate(double value) {
        return Double.isNaN(value) ? "\u2013" : String.format(Locale.ROOT, "%,.0f", value);
    }
}
