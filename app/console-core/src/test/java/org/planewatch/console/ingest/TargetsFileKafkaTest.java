package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.console.telemetry.FleetAddress;

/** The {@code kafka:} entry of a targets file: a console on a fleet (ADR 0102). */
class TargetsFileKafkaTest {
    @TempDir
    Path dir;

    private Path write(String yaml) throws Exception {
        return Files.writeString(dir.resolve("fleet.yaml"), yaml);
    }

    private String error(String yaml) throws Exception {
        Path file = write(yaml);
        return assertThrows(IllegalArgumentException.class, () -> TargetsFile.kafka(file))
                .getMessage();
    }

    @Test
    void readsTheBootstrapAndTheClientPropertiesFromTheMapAndTheFileTheMapWinning() throws Exception {
        Files.writeString(dir.resolve("client.properties"), "security.protocol=SSL\nssl.truststore.type=PEM\n");
        FleetAddress fleet = TargetsFile.kafka(write("""
                        kafka:
                          bootstrap: broker1:9092,broker2:9092
                          properties-file: client.properties
                          properties:
                            security.protocol: SASL_SSL
                            sasl.mechanism: SCRAM-SHA-512
                        """)).orElseThrow();
        assertEquals("broker1:9092,broker2:9092", fleet.bootstrap());
        assertEquals(
                Map.of(
                        "security.protocol", "SASL_SSL",
                        "sasl.mechanism", "SCRAM-SHA-512",
                        "ssl.truststore.type", "PEM"),
                fleet.properties());
        assertEquals("fleet via Kafka broker1:9092,broker2:9092", fleet.label());
    }

    @Test
    void aFileWithoutAKafkaEntryHasNoFleetAndAFleetFileIsNotATargetsList() throws Exception {
        assertEquals(Optional.empty(), TargetsFile.kafka(write("targets: {a: {address: 127.0.0.1:9339}}\n")));
        Path fleet = write("kafka: {bootstrap: 127.0.0.1:9092}\n");
        String message = assertThrows(IllegalArgumentException.class, () -> TargetsFile.read(fleet))
                .getMessage();
        assertTrue(message.contains("has a 'kafka:' entry and no 'targets:'"), message);
    }

    @Test
    void badEntriesSayWhatAndWhere() throws Exception {
        assertTrue(error("kafka: {properties: {a: b}}\n")
                .endsWith("fleet.yaml: kafka: 'bootstrap' (host:port[,host:port...]) is required"));
        String unknown = error("kafka: {bootstrap: 'h:1', topic: x}\n");
        assertTrue(
                unknown.contains("kafka: unknown field 'topic' (known: bootstrap, properties, properties-file)"),
                unknown);
        String port = error("kafka: {bootstrap: 'h:1,broker'}\n");
        assertTrue(port.contains("kafka: bootstrap server 'broker' is not host:port"), port);
        String owned = error("kafka: {bootstrap: 'h:1', properties: {group.id: mine}}\n");
        assertTrue(
                owned.contains(
                        "kafka.properties: 'group.id' is set by the console (the console reads outside any group)"),
                owned);
        String missing = error("kafka: {bootstrap: 'h:1', properties-file: nope.properties}\n");
        assertTrue(missing.contains("nope.properties: cannot read the Kafka properties file (no such file)"), missing);
        Files.writeString(dir.resolve("bad.properties"), "# comment\nsasl.jaas.config\n");
        String line = error("kafka: {bootstrap: 'h:1', properties-file: bad.properties}\n");
        assertTrue(line.contains("bad.properties:2: expected key=value"), line);
    }
}
