package org.planewatch.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --kafka} and a targets file's {@code kafka:} entry start the console on a fleet; bad values say what and where. */
class FleetOptionTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private ConsoleOptions parse(String... args) {
        return ConsoleOptions.parse(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void kafkaWithPropertiesIsAFleetAndNotTheDemo() {
        ConsoleOptions options =
                parse("--kafka", "127.0.0.1:9092", "--kafka-property", "security.protocol=SSL", "--view", "plane");
        assertTrue(options.fleet().isPresent(), err());
        assertFalse(options.demo());
        assertEquals(Map.of("security.protocol", "SSL"), options.fleet().get().properties());
        assertEquals("fleet via Kafka 127.0.0.1:9092", options.fleet().get().label());
    }

    @Test
    void aFleetCanBeSmokeTested() {
        ConsoleOptions options = parse("--kafka", "127.0.0.1:9092", "--smoke-test", "--exit-after", "600");
        assertTrue(options.fleet().isPresent(), err());
        assertTrue(options.smokeTest());
    }

    @Test
    void aFleetIsRecordedWithRecord() {
        ConsoleOptions options = parse("--kafka", "127.0.0.1:9092", "--record", "fleet.pwrec");
        assertTrue(options.fleet().isPresent(), err());
        assertEquals(Path.of("fleet.pwrec"), options.record().orElseThrow());
    }

    @Test
    void aTargetsFileWithAKafkaEntryIsAFleet() throws Exception {
        Path file = Files.writeString(dir.resolve("fleet.yaml"), "kafka: {bootstrap: '127.0.0.1:9092'}\n");
        ConsoleOptions options = parse("--targets", file.toString());
        assertEquals("127.0.0.1:9092", options.fleet().orElseThrow().bootstrap());
        assertTrue(options.targetsFile().isEmpty(), "no agents to subscribe to");
    }

    @Test
    void badFleetOptionsAreRefusedWithWhatAndWhere() {
        assertNull(parse("--kafka", "broker"));
        assertTrue(err().contains("--kafka: bootstrap server 'broker' is not host:port"), err());
        assertNull(parse("--kafka", "h:1", "--kafka-property", "group.id=x"));
        assertTrue(err().contains("--kafka-property 'group.id=x': 'group.id' is set by the console"), err());
        assertNull(parse("--kafka-property", "a=b"));
        assertTrue(err().contains("--kafka-property and --kafka-properties go with --kafka <bootstrap>"), err());
        assertNull(parse("--kafka", "h:1", "--demo"));
        assertTrue(err().contains("--kafka shows a fleet; it cannot be combined with --demo or --targets"), err());
    }
}
