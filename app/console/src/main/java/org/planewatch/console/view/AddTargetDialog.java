package org.planewatch.console.view;

import javafx.beans.property.StringProperty;
import javafx.event.ActionEvent;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.planewatch.console.viewmodel.AddTargetForm;

/** "Add agent": fields bound to {@link AddTargetForm}; OK stays disabled while the form names a problem. */
public final class AddTargetDialog extends Dialog<ButtonType> {

    public AddTargetDialog(Window owner, AddTargetForm form) {
        initOwner(owner);
        setTitle("Add agent");
        setHeaderText("Connect to a gNMI agent or an aggregating endpoint");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        int row = 0;
        grid.addRow(row++, new Label("Name"), field("add-name", form.nameProperty(), "fabric-a"));
        grid.addRow(row++, new Label("Address"), field("add-address", form.addressProperty(), "10.0.0.5:9339"));
        grid.addRow(
                row++,
                new Label("Devices"),
                field("add-devices", form.devicesProperty(), "* (every device) or device names, comma separated"));
        CheckBox insecure = new CheckBox("Plaintext (loopback labs only)");
        insecure.setId("add-insecure");
        insecure.selectedProperty().bindBidirectional(form.insecureProperty());
        grid.addRow(row++, new Label("Security"), insecure);
        grid.addRow(
                row++, new Label("CA file"), field("add-ca", form.caFileProperty(), "optional: system trust store"));
        grid.addRow(
                row++, new Label("Client certificate"), field("add-cert", form.certFileProperty(), "mutual TLS only"));
        grid.addRow(row++, new Label("Client key"), field("add-key", form.keyFileProperty(), "mutual TLS only"));
        grid.addRow(row++, new Label("Username"), field("add-user", form.usernameProperty(), "optional"));
        PasswordField password = new PasswordField();
        password.setId("add-password");
        password.textProperty().bindBidirectional(form.passwordProperty());
        grid.addRow(row++, new Label("Password"), password);
        Label problem = new Label();
        problem.setId("add-problem");
        problem.getStyleClass().add("form-problem");
        problem.setWrapText(true);
        problem.setMaxWidth(420);
        problem.textProperty().bind(form.problemProperty());
        grid.add(problem, 0, row, 2, 1);
        getDialogPane().setContent(grid);
        ButtonType connect = new ButtonType("Connect", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(connect, ButtonType.CANCEL);
        var connectButton = getDialogPane().lookupButton(connect);
        connectButton.setId("add-connect");
        connectButton.disableProperty().bind(form.problemProperty().isNotEmpty());
        connectButton.addEventFilter(ActionEvent.ACTION, e -> {
            if (form.submit().isPresent()) {
                e.consume();
            }
        });
        if (owner != null && owner.getScene() != null) {
            getDialogPane().getStylesheets().addAll(owner.getScene().getRoot().getStylesheets());
            getDialogPane().getStyleClass().addAll(owner.getScene().getRoot().getStyleClass());
        }
    }

    private static TextField field(String id, StringProperty property, String prompt) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.setPrefColumnCount(26);
        field.textProperty().bindBidirectional(property);
        return field;
    }
}
