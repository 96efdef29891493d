package org.planewatch.agent.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
    void everyLeafProducedIsInTheSchema() throws IOException {
        write("class/infiniband/mlx5_0/ports/1/counters/port_xmit_data", "10");
        for (TelemetryPath p : read().keySet()) {
            assertTrue(TelemetrySchema.get().find(p).isPresent(), p.toString());
        }
    }

    @Test
    void mlx5PortsBecomePlanesWithStandardAndHwCounters() throws IOException {
        write("class/infiniband/mlx5_0/ports/1/state", "4: ACTIVE");
        write("class/infiniband/mlx5_0/ports/1/gid_attrs/ndevs/0", "eth0");
        write("class/infiniband/mlx5_0/ports/1/counters/port_xmit_data", "1000");
        write("class/infiniband/mlx5_0/ports/1/counters/port_rcv_packets", "9");
        write("class/infiniband/mlx5_0/ports/1/hw_counters/rp_cnp_handled", "5");
        write("class/infiniband/mlx5_0/ports/1/hw_counters/local_ack_timeout_err", "N/A");
        write("class/infiniband/mlx5_1/ports/1/state", "1: DOWN");
        Map<TelemetryPath, TelemetryValue> leaves = read();
        assertEquals(TelemetryValue.uint(4000), at(leaves, "mrc:/planes/plane[id=0]/state/tx-octets"), "4-octet words");
        assertEquals(TelemetryValue.uint(9), at(leaves, "mrc:/planes/plane[id=0]/state/rx-pkts"));
        assertEquals(TelemetryValue.uint(5), at(leaves, "mrc:/planes/plane[id=0]/state/ecn-echoes-rcvd"));
        assertEquals(TelemetryValue.str("eth0"), at(leaves, "mrc:/planes/plane[id=0]/state/port-name"));
        assertEquals(TelemetryValue.str("UP"), at(leaves, "mrc:/planes/plane[id=0]/state/oper-status"));
        assertFalse(leaves.containsKey(TelemetryPath.parse("mrc:/planes/plane[id=0]/state/rto-expiries")));
        assertEquals(TelemetryValue.str("DOWN"), at(leaves, "mrc:/planes/plane[id=1]/state/oper-status"));
        assertEquals(TelemetryValue.str("mlx5_1/1"), at(leaves, "mrc:/planes/plane[id=1]/state/port-name"));
    }

    @Test
    void driverCountersWinOverTheGenericOnes() throws IOException {
        write("class/infiniband/bnxt_re0/ports/1/counters/port_xmit_packets", "1");
        write("class/infiniband/bnxt_re0/ports/1/hw_counters/tx_pkts", "77");
        write("class/infiniband/irdma0/ports/1/hw_counters/ip4InOctets", "500");
        write("class/infiniband/ionic_0/ports/1/hw_counters/rx_rdma_cnp_pkts", "8");
        Map<TelemetryPath, TelemetryValue> leaves = read();
        assertEquals(TelemetryValue.uint(77), at(leaves, "mrc:/planes/plane[id=0]/state/tx-pkts"));
        assertEquals(TelemetryValue.uint(8), at(leaves, "mrc:/planes/plane[id=1]/state/ecn-echoes-rcvd"));
        assertEquals(TelemetryValue.uint(500), at(leaves, "mrc:/planes/plane[id=2]/state/rx-octets"));
    }

    @Test
    void everyMappedLeafIsAPlaneLeafOfTheSchema() {
        CounterTables tables = CounterTables.load();
        for (String driver : tables.drivers()) {
            for (CounterTables.RdmaRow row : tables.rdmaFor(driver)) {
                assertTrue(
                        TelemetrySchema.get()
                                .find(TelemetryPath.parse("mrc:/planes/plane[id=0]/state/" + row.leaf()))
                                .isPresent(),
                        driver + " " + row.file() + " -> " + row.leaf());
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
    void aRootWithoutClassIsRejectedWithItsName() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new LinuxHostBackend(sys.resolve("nowhere"), "h", () -> 0, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("nowhere"));
    }
}
