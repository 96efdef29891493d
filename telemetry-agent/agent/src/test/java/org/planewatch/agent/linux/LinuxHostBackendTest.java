package org.planewatch.agent.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.TelemetrySchema;
import org.planewatch.telemetry.value.TelemetryValue;

/** Reads fixture sysfs trees shaped like the kernel's. */
class LinuxHostBackendTest {

    @TempDir
    Path sys;

    private void write(String relative, String content) throws IOException {
        Path file = sys.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content + "\n");
    }

    @BeforeEach
    void netdev() throws IOException {
        write("class/net/eth0/operstate", "up");
        write("class/net/eth0/flags", "0x1003");
        write("class/net/eth0/carrier_changes", "3");
        write("class/net/eth0/statistics/rx_bytes", "123456789012");
        write("class/net/eth0/statistics/tx_packets", "42");
        write("class/net/eth0/statistics/rx_crc_errors", "N/A");
        write("class/net/eth1/operstate", "lowerlayerdown");
        write("class/net/eth1/flags", "0x1002");
    }

    private Map<TelemetryPath, TelemetryValue> read() {
        DeviceSnapshot snapshot = new LinuxHostBackend(sys, "host-a", () -> 77L, Duration.ofSeconds(1)).read("host-a");
        assertEquals(77L, snapshot.timestampNs());
        return snapshot.leaves();
    }

    private static TelemetryValue at(Map<TelemetryPath, TelemetryValue> leaves, String path) {
        return leaves.get(TelemetryPath.parse(path));
    }

    @Test
    void interfaceCountersAndStatesComeFromClassNet() {
        Map<TelemetryPath, TelemetryValue> leaves = read();
        assertEquals(
                TelemetryValue.uint(123456789012L),
                at(leaves, "/interfaces/interface[name=eth0]/state/counters/in-octets"));
        assertEquals(TelemetryValue.uint(42), at(leaves, "/interfaces/interface[name=eth0]/state/counters/out-pkts"));
        assertEquals(
                TelemetryValue.uint(3),
                at(leaves, "/interfaces/interface[name=eth0]/state/counters/carrier-transitions"));
        assertEquals(TelemetryValue.str("UP"), at(leaves, "/interfaces/interface[name=eth0]/state/oper-status"));
        assertEquals(TelemetryValue.str("UP"), at(leaves, "/interfaces/interface[name=eth0]/state/admin-status"));
        assertEquals(
                TelemetryValue.str("LOWER_LAYER_DOWN"),
                at(leaves, "/interfaces/interface[name=eth1]/state/oper-status"));
        assertEquals(TelemetryValue.str("DOWN"), at(leaves, "/interfaces/interface[name=eth1]/state/admin-status"));
    }

    @Test
    void notAvailableAndMissingFilesAreLeftOutNotZero() {
        Map<TelemetryPath, TelemetryValue> leaves = read();
        assertFalse(leaves.containsKey(
                TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/in-fcs-errors")));
        assertFalse(
                leaves.containsKey(TelemetryPath.parse("/interfaces/interface[name=eth1]/state/counters/in-octets")));
    }

    @Test
    void inDiscardsAddsTheBufferExhaustionDropsTheKernelKeepsApart() throws IOException {
        write("class/net/eth0/statistics/rx_dropped", "3");
        write("class/net/eth0/statistics/rx_missed_errors", "4");
        write("class/net/eth1/statistics/rx_missed_errors", "5");
        Map<TelemetryPath, TelemetryValue> leaves = read();
        assertEquals(TelemetryValue.uint(7), at(leaves, "/interfaces/interface[name=eth0]/state/counters/in-discards"));
        assertEquals(TelemetryValue.uint(5), at(leaves, "/interfaces/interface[name=eth1]/state/counters/in-discards"));
    }

    @Test
    void everyLeafProducedIsInTheSchema() {
        SysfsFixture f = new SysfsFixture(sys);
        CounterTables tables = CounterTables.load();
        List<String> devices = new ArrayList<>();
        for (CounterTables.DriverRow d : tables.driverRows()) {
            String dev = d.driver() + "_test";
            if (!devices.contains(dev)) {
                devices.add(dev);
                f.rocePort(dev, d.kernelDriver(), 400, "n" + devices.size());
            }
        }
        for (CounterTables.RdmaRow row : tables.rdma()) {
            for (String dev : devices) {
                if (row.driver().equals("generic") || dev.startsWith(row.driver() + "_test")) {
                    f.counter(dev, row.dir(), row.file(), 10);
                }
            }
        }
        Map<TelemetryPath, TelemetryValue> leaves = new LinuxHostBackend(
                        sys, "host-a", () -> 77L, Duration.ofSeconds(1), devices)
                .read("host-a")
                .leaves();
        for (int plane = 0; plane < devices.size(); plane++) {
            assertTrue(
                    leaves.containsKey(TelemetryPath.parse("mrc:/planes/plane[id=" + plane + "]/state/tx-octets")),
                    devices.get(plane));
        }
        for (TelemetryPath p : leaves.keySet()) {
            assertTrue(TelemetrySchema.get().find(p).isPresent(), p.toString());
        }
    }

    @Test
    void everyMappedLeafIsAPlaneLeafOfTheSchema() {
        CounterTables tables = CounterTables.load();
        for (CounterTables.RdmaRow row : tables.rdma()) {
            if (row.mapped()) {
                assertTrue(
                        TelemetrySchema.get()
                                .find(TelemetryPath.parse("mrc:/planes/plane[id=0]/state/" + row.leaf()))
                                .isPresent(),
                        row.driver() + " " + row.file() + " -> " + row.leaf());
            }
        }
        for (CounterTables.NetdevRow row : tables.netdev()) {
            assertTrue(
                    TelemetrySchema.get()
                            .find(TelemetryPath.parse("/interfaces/interface[name=x]/state/counters/" + row.leaf()))
                            .isPresent(),
                    row.leaf());
        }
    }

    @Test
    void everyTableDriverHasAKernelDriver() {
        CounterTables tables = CounterTables.load();
        for (String driver : tables.drivers()) {
            assertTrue(
                    tables.driverRows().stream().anyMatch(d -> d.driver().equals(driver)),
                    driver + " is not in rdma-drivers.tsv");
        }
    }

    @Test
    void aRootWithoutClassIsRejectedWithItsName() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new LinuxHostBackend(sys.resolve("nowhere"), "h", () -> 0, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("nowhere"));
    }
}
