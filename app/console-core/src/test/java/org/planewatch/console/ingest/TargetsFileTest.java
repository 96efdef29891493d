package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.TargetAddress;
import org.planewatch.console.telemetry.TargetConfig;

class TargetsFileTest {
    @TempDir
    Path dir;

    private Path write(String yaml) throws Exception {
        Path file = dir.resolve("targets.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private String error(String yaml) throws Exception {
        Path file = write(yaml);
        return assertThrows(IllegalArgumentException.class, () -> TargetsFile.read(file))
                .getMessage();
    }

    @Test
    void readsAnAggregatorWithMutualTlsAndCredentials() throws Exception {
        Files.writeString(dir.resolve("ca.pem"), "x");
        List<TargetConfig> targets = TargetsFile.read(write("""
                targets:
                  fabric:
                    address: 10.0.0.5:9339
                    devices: ["*"]
                    tls-ca: ca.pem
                    tls-cert: client.pem
                    tls-key: client.key
                    username: ops
                    password: s3cret
                  lab:
                    address: 127.0.0.1
                    devices: host-0001
                    insecure: true
                """));
        TargetConfig fabric = targets.get(0);
        assertEquals("10.0.0.5:9339", fabric.address());
        assertEquals(List.of("*"), fabric.targets());
        assertEquals(
                Optional.of(dir.resolve("ca.pem")), fabric.tls().orElseThrow().caFile(), "relative to the file");
        assertEquals("ops", fabric.credentials().orElseThrow().username());
        TargetConfig lab = targets.get(1);
        assertEquals(TargetAddress.GNMI_PORT, lab.port(), "a bare host means the gNMI port");
        assertTrue(lab.tls().isEmpty());
        assertEquals("host-0001", lab.defaultDevice());
    }

    @Test
    void namesTheFileTheTargetAndTheFieldThatIsWrong() throws Exception {
        String file = dir.resolve("targets.yaml").toString();
        assertEquals(
                file + ": target 'a': address 'x:99999': port '99999' is not a number in 1..65535",
                error("targets: {a: {address: 'x:99999', insecure: true}}"));
        assertEquals(file + ": target 'a': 'address' (host:port) is required", error("targets: {a: {insecure: true}}"));
        assertTrue(error("targets: {a: {address: h, insecur: true}}")
                .startsWith(file + ": target 'a': unknown field 'insecur'"));
        assertEquals(
                file + ": target 'a': 'insecure: true' and TLS files exclude each other",
                error("targets: {a: {address: h, insecure: true, tls-ca: ca.pem}}"));
        assertEquals(
                file + ": target 'a': 'username' and 'password' go together",
                error("targets: {a: {address: h, insecure: true, username: ops}}"));
        assertEquals(file + ": expected a 'targets:' map with at least one target", error("hosts: []"));
        assertTrue(error("targets: [unclosed").startsWith(file + ": not valid YAML"));
    }
}
