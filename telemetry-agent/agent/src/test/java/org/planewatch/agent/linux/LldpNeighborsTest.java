package org.planewatch.agent.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The Linux back end's LLDP neighbors: lldpcli's JSON (a fixture of lldpd's output, no lldpd needed)
 * becomes openconfig-lldp leaves; where lldpcli is missing the host serves none and says so once.
 */
@Timeout(30)
class LldpNeighborsTest {

    @TempDir
    Path dir;

    private static String fixture() throws IOException {
        try (InputStream in = LldpNeighborsTest.class.getResourceAsStream("/lldp/lldpcli-neighbors.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void lldpcliOutputBecomesOneNeighborPerPortWithItsSystemNameAndPort() throws IOException {
        List<LldpNeighbors.Neighbor> neighbors = LldpNeighbors.parse(fixture());
        assertEquals(3, neighbors.size());
        assertEquals(
                new LldpNeighbors.Neighbor(
                        "eth0",
                        "1",
                        "leaf-p0-001",
                        "SONiC Software Version: SONiC.202311 - HwSku: Mellanox-SN5600",
                        "0c:42:a1:00:00:01",
                        "MAC_ADDRESS",
                        "Ethernet8",
                        "INTERFACE_NAME",
                        "gpu-r01-n01:eth0"),
                neighbors.getFirst());
        LldpNeighbors.Neighbor unnamed = neighbors.get(2);
        assertEquals("eno1", unnamed.port());
        assertEquals(null, unnamed.systemName(), "a neighbor that sent no system name has none");
        assertEquals("aa:bb:cc:dd:ee:ff", unnamed.chassisId());
        assertEquals("MAC_ADDRESS", unnamed.portIdType());
    }

    @Test
    void aSingleNeighborIsAnObjectNotAListAndNoNeighborsIsAnEmptyObject() throws IOException {
        String one = """
                {"lldp": {"interface": {"eth3": {"rid": "7", "chassis": {"spine-p5-03": {"id": {"type": "mac",
                 "value": "02:00:00:00:00:09"}}}, "port": {"id": {"type": "ifname", "value": "Ethernet3"}}}}}}
                """;
        List<LldpNeighbors.Neighbor> neighbors = LldpNeighbors.parse(one);
        assertEquals(1, neighbors.size());
        assertEquals("spine-p5-03", neighbors.getFirst().systemName());
        assertEquals("7", neighbors.getFirst().id());
        assertEquals(List.of(), LldpNeighbors.parse("{\"lldp\": {}}"));
    }

    @Test
    void outputThatIsNotLldpcliJsonIsRefusedSayingWhy() {
        IOException notJson = assertThrows(IOException.class, () -> LldpNeighbors.parse("lldpd not running"));
        assertTrue(notJson.getMessage().startsWith("not JSON"), notJson.getMessage());
        IOException shape = assertThrows(IOException.class, () -> LldpNeighbors.parse("{\"neighbors\": []}"));
        assertTrue(shape.getMessage().contains("'lldp'"), shape.getMessage());
    }

    @Test
    void theHostServesItsNeighborsAsOpenConfigLldpLeaves() throws IOException {
        Path sys = new SysfsFixture(dir).root;
        LinuxHostBackend backend = new LinuxHostBackend(sys, "gpu-r01-n01", () -> 1L, Duration.ofSeconds(1));
        String json = fixture();
        backend.readLldpFrom(new LldpNeighbors(() -> Optional.of(json), note -> {}, Long.MAX_VALUE));
        Map<TelemetryPath, TelemetryValue> leaves = backend.read("gpu-r01-n01").leaves();
        TelemetryPath eth1 = LldpLeaves.state("eth1", "2");
        assertEquals(
                "leaf-p1-001", leaves.get(eth1.child(LldpLeaves.SYSTEM_NAME)).text());
        assertEquals("Ethernet8", leaves.get(eth1.child(LldpLeaves.PORT_ID)).text());
        assertEquals(
                "INTERFACE_NAME",
                leaves.get(eth1.child(LldpLeaves.PORT_ID_TYPE)).text());
        assertEquals(null, leaves.get(LldpLeaves.state("eno1", "3").child(LldpLeaves.SYSTEM_NAME)));
    }

    @Test
    void withoutLldpcliNoNeighborsAreServedAndTheLogSaysSoOnce() {
        List<String> notes = new ArrayList<>();
        LldpNeighbors.LldpCli missing = new LldpNeighbors.LldpCli(
                notes::add, List.of(dir.resolve("no-such-lldpcli").toString()));
        LldpNeighbors neighbors = new LldpNeighbors(missing, notes::add, 0);
        Map<TelemetryPath, TelemetryValue> leaves = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            neighbors.leaves(leaves);
        }
        assertEquals(Map.of(), leaves);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.getFirst().startsWith("lldpcli not found"), notes.getFirst());
    }
}
