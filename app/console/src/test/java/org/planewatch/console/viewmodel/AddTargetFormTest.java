package org.planewatch.console.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.console.session.TargetControl;
import org.planewatch.console.telemetry.TargetConfig;

class AddTargetFormTest {
    private final List<TargetConfig> added = new ArrayList<>();
    private final TargetControl control = new TargetControl() {
        @Override
        public void add(TargetConfig target) {
            added.add(target);
        }

        @Override
        public void remove(String name) {}

        @Override
        public List<TargetConfig> targets() {
            return List.copyOf(added);
        }
    };
    private final AddTargetForm form = new AddTargetForm(control);

    @Test
    void namesTheFirstProblemAsTheOperatorTypes() {
        assertEquals("Name: give the connection a name", form.problemProperty().get());
        form.nameProperty().set("lab");
        assertEquals(
                "Address: address is empty (expected host:port)",
                form.problemProperty().get());
        form.addressProperty().set("10.1.2.3:9339");
        form.insecureProperty().set(true);
        assertEquals(
                "Plaintext is for loopback labs only; use TLS for 10.1.2.3",
                form.problemProperty().get());
        form.insecureProperty().set(false);
        form.caFileProperty().set("/no/such/ca.pem");
        assertEquals(
                "CA file: /no/such/ca.pem is not a readable file",
                form.problemProperty().get());
        form.caFileProperty().set("");
        form.usernameProperty().set("ops");
        assertEquals(
                "Password: the user 'ops' needs a password",
                form.problemProperty().get());
        form.passwordProperty().set("s3cret");
        assertEquals("", form.problemProperty().get());
    }

    @Test
    void submitsAValidTargetAndRefusesADuplicateName() {
        form.nameProperty().set("lab");
        form.addressProperty().set("127.0.0.1:9339");
        form.insecureProperty().set(true);
        form.devicesProperty().set("host-1, p0-t0-0");
        assertTrue(form.submit().isEmpty());
        assertEquals(List.of("host-1", "p0-t0-0"), added.getFirst().targets());

        AddTargetForm second = new AddTargetForm(control);
        second.nameProperty().set("lab");
        assertEquals(
                "Name: 'lab' is already connected", second.problemProperty().get());
    }
}
