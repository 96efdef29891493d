package org.planewatch.console.viewmodel;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.planewatch.console.session.TargetControl;
import org.planewatch.console.telemetry.TargetAddress;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * The "Add agent" dialog's state and validation: every field is checked as the operator types and
 * the first problem is shown in words; the dialog submits only a valid target.
 */
public final class AddTargetForm {
    private final TargetControl control;
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty address = new SimpleStringProperty("");
    private final StringProperty devices = new SimpleStringProperty("*");
    private final BooleanProperty insecure = new SimpleBooleanProperty(false);
    private final StringProperty caFile = new SimpleStringProperty("");
    private final StringProperty certFile = new SimpleStringProperty("");
    private final StringProperty keyFile = new SimpleStringProperty("");
    private final StringProperty username = new SimpleStringProperty("");
    private final StringProperty password = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");

    public AddTargetForm(TargetControl control) {
        this.control = control;
        for (var property : List.of(name, address, devices, caFile, certFile, keyFile, username, password)) {
            property.addListener((o, a, b) -> validate());
        }
        insecure.addListener((o, a, b) -> validate());
        validate();
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty addressProperty() {
        return address;
    }

    public StringProperty devicesProperty() {
        return devices;
    }

    public BooleanProperty insecureProperty() {
        return insecure;
    }

    public StringProperty caFileProperty() {
        return caFile;
    }

    public StringProperty certFileProperty() {
        return certFile;
    }

    public StringProperty keyFileProperty() {
        return keyFile;
    }

    public StringProperty usernameProperty() {
        return username;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    /** Empty when the form is valid, else the first problem in words. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    private void validate() {
        try {
            build();
            problem.set("");
        } catch (IllegalArgumentException e) {
            problem.set(e.getMessage());
        }
    }

    /** @throws IllegalArgumentException naming the field that is wrong */
    public TargetConfig build() {
        String targetName = name.get().strip();
        if (targetName.isEmpty()) {
            throw new IllegalArgumentException("Name: give the connection a name");
        }
        if (control.targets().stream().anyMatch(t -> t.name().equals(targetName))) {
            throw new IllegalArgumentException("Name: '" + targetName + "' is already connected");
        }
        TargetAddress parsed;
        try {
            parsed = TargetAddress.parse(address.get());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Address: " + e.getMessage(), e);
        }
        List<String> deviceList = Arrays.stream(devices.get().split("[,\\s]+"))
                .filter(s -> !s.isBlank())
                .toList();
        Optional<TargetConfig.TlsFiles> tls = Optional.empty();
        if (!insecure.get()) {
            Optional<Path> ca = file("CA file", caFile.get());
            Optional<Path> cert = file("Client certificate", certFile.get());
            Optional<Path> key = file("Client key", keyFile.get());
            if (cert.isPresent() != key.isPresent()) {
                throw new IllegalArgumentException("Mutual TLS needs both the client certificate and the client key");
            }
            tls = Optional.of(new TargetConfig.TlsFiles(ca, cert, key));
        } else if (!isLoopback(parsed.host())) {
            throw new IllegalArgumentException("Plaintext is for loopback labs only; use TLS for " + parsed.host());
        }
        boolean hasUser = !username.get().isBlank();
        if (hasUser && password.get().isEmpty()) {
            throw new IllegalArgumentException(
                    "Password: the user '" + username.get().strip() + "' needs a password");
        }
        return new TargetConfig(
                targetName,
                parsed.host(),
                parsed.port(),
                deviceList,
                tls,
                hasUser
                        ? Optional.of(
                                new TargetConfig.Credentials(username.get().strip(), password.get()))
                        : Optional.empty());
    }

    /** Adds the target; returns the problem instead when the form is not valid. */
    public Optional<String> submit() {
        try {
            control.add(build());
            return Optional.empty();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            problem.set(e.getMessage());
            return Optional.of(e.getMessage());
        }
    }

    private static Optional<Path> file(String what, String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        Path path = Path.of(text.strip());
        if (!Files.isReadable(path)) {
            throw new IllegalArgumentException(what + ": " + path + " is not a readable file");
        }
        return Optional.of(path);
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }
}
