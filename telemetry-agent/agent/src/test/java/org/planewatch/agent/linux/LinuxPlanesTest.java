package org.planewatch.agent.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** Which RDMA ports become planes, in which order, and which of their counters feed which leaf. */
class LinuxPlanesTest {

    @TempDir
    Path sys;

    private static Map<TelemetryPath, TelemetryValue> read(SysfsFixture f, String... planes) {
        return new LinuxHostBackend(f.root, "gpu-r12-n07", () -> 1L, Duration.ofSeconds(1), List.of(planes))
                .read("gpu-r12-n07")
                .leaves();
    }

    private static TelemetryValue plane(Map<TelemetryPath, TelemetryValue> leaves, int id, String leaf) {
        return leaves.get(TelemetryPath.parse("mrc:/planes/plane[id=" + id + "]/state/" + leaf));
    }

    private static List<String> portNames(Map<TelemetryPath, TelemetryValue> leaves) {
        List<String> out = new ArrayList<>();
        for (int id = 0; plane(leaves, id, "port-name") != null; id++) {
            out.add(plane(leaves, id, "port-name").text());
        }
        return out;
    }

    private static final List<String> MRC = List.of("mrc0", "mrc1", "mrc2", "mrc3", "mrc4", "mrc5", "mrc6", "mrc7");

    @ParameterizedTest(name = "MRC ports at {0} Gb/s, storage at {1}, front end at {2}")
    @CsvSource({"100, 400, 25", "200, 100, 25", "400, 200, 100"})
    void byDefaultThePlanesAreTheMrcPortsInNaturalOrderNotStorageOrFrontEnd(int mrc, int storage, int front) {
        Map<TelemetryPath, TelemetryValue> leaves = read(SysfsFixture.mlx5TwelvePorts(sys, mrc, storage, front));
        assertEquals(MRC, portNames(leaves), "mlx5_9 is plane 6 and mlx5_10 plane 7, storage and front end left out");
    }

    @Test
    void theChosenPortsAreReportedAsDevicePort() {
        SysfsFixture f = SysfsFixture.mlx5TwelvePorts(sys, 400, 200, 100);
        LinuxHostBackend backend = new LinuxHostBackend(f.root, "h", () -> 1L, Duration.ofSeconds(1));
        assertEquals(
                List.of(
                        "mlx5_0/1",
                        "mlx5_1/1",
                        "mlx5_2/1",
                        "mlx5_3/1",
                        "mlx5_6/1",
                        "mlx5_7/1",
                        "mlx5_9/1",
                        "mlx5_10/1"),
                backend.planePorts());
    }

    @Test
    void aDownMrcPortStaysItsPlaneAndShowsDown() {
        SysfsFixture f = SysfsFixture.mlx5TwelvePorts(sys, 400, 200, 100).state("mlx5_9", "1: DOWN");
        Map<TelemetryPath, TelemetryValue> leaves = read(f);
        assertEquals(MRC, portNames(leaves));
        assertEquals(TelemetryValue.str("DOWN"), plane(leaves, 6, "oper-status"));
        assertEquals(TelemetryValue.str("UP"), plane(leaves, 7, "oper-status"));
    }

    @Test
    void namedPortsAreThePlanesInTheOrderNamed() {
        SysfsFixture f = SysfsFixture.mlx5TwelvePorts(sys, 400, 200, 100);
        Map<TelemetryPath, TelemetryValue> leaves = read(f, "mlx5_10", "mlx5_4/1", "rocep3s0f1");
        assertEquals(List.of("mrc7", "stor0", "fe1"), portNames(leaves));
    }

    @Test
    void infinibandPortsAreNotMrcPlanesByDefault() {
        SysfsFixture f = new SysfsFixture(sys)
                .rocePort("mlx5_0", "mlx5_core", 400, "mrc0")
                .rocePort("mlx5_1", "mlx5_core", 400, "mrc1")
                .port("mlx5_2", 1, "mlx5_core", 400, "InfiniBand", "ib0")
                .port("mlx5_3", 1, "mlx5_core", 400, "InfiniBand", "ib1")
                .port("mlx5_4", 1, "mlx5_core", 400, "InfiniBand", "ib2");
        assertEquals(List.of("mrc0", "mrc1"), portNames(read(f)));
    }

    @Test
    void aTieGoesToTheFasterPorts() {
        SysfsFixture f = new SysfsFixture(sys)
                .rocePort("mlx5_0", "mlx5_core", 100, "slow0")
                .rocePort("mlx5_1", "mlx5_core", 100, "slow1")
                .rocePort("mlx5_2", "mlx5_core", 400, "fast0")
                .rocePort("mlx5_3", "mlx5_core", 400, "fast1");
        assertEquals(List.of("fast0", "fast1"), portNames(read(f)));
    }

    @Test
    void aNamedPortThatDoesNotExistIsNamedWithTheFlag() {
        SysfsFixture f = SysfsFixture.mlx5TwelvePorts(sys, 400, 200, 100);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(f, "mlx5_0", "mlx5_99"));
        assertTrue(e.getMessage().startsWith("--planes: no RDMA port 'mlx5_99' in "), e.getMessage());
        assertTrue(e.getMessage().contains("mlx5_10/1"), "lists the ports there: " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aPortNamedTwiceIsRefused() {
        SysfsFixture f = SysfsFixture.mlx5TwelvePorts(sys, 400, 200, 100);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(f, "mlx5_3", "mlx5_3/1"));
        assertEquals(
                "--planes: RDMA port mlx5_3/1 is named twice ('mlx5_3' and 'mlx5_3/1'); each plane needs a port of its own",
                e.getMessage());
    }

    @Test
    void aDeviceWithSeveralPortsMustBeNamedWithItsPort() {
        SysfsFixture f = new SysfsFixture(sys)
                .port("mlx5_0", 1, "mlx5_core", 400, "Ethernet", "a")
                .port("mlx5_0", 2, "mlx5_core", 400, "Ethernet", "b");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(f, "mlx5_0"));
        assertEquals(
                "--planes: RDMA device 'mlx5_0' has 2 ports; name one of them: mlx5_0/1, mlx5_0/2", e.getMessage());
        assertEquals(List.of("b", "a"), portNames(read(f, "mlx5_0/2", "mlx5_0/1")));
    }

    @Test
    void mlx5CongestionNotificationsAreNotEcnEchoes() {
        SysfsFixture f = SysfsFixture.mlx5TwelvePorts(sys, 400, 200, 100)
                .counter("mlx5_0", "hw_counters", "rp_cnp_handled", 5)
                .counter("mlx5_0", "hw_counters", "np_ecn_marked_roce_packets", 6)
                .counter("mlx5_0", "hw_counters", "packet_seq_err", 7)
                .counter("mlx5_0", "hw_counters", "local_ack_timeout_err", 8)
                .counter("mlx5_0", "counters", "port_xmit_data", 1000)
                .counter("mlx5_0", "counters", "port_rcv_data", 2000)
                .counter("mlx5_0", "counters", "port_xmit_packets", 9);
        Map<TelemetryPath, TelemetryValue> leaves = read(f);
        assertEquals(null, plane(leaves, 0, "ecn-echoes-rcvd"), "CNPs are not ACKs echoing CE");
        assertEquals(TelemetryValue.uint(7), plane(leaves, 0, "nacks-rcvd"));
        assertEquals(TelemetryValue.uint(8), plane(leaves, 0, "rto-expiries"));
        assertEquals(TelemetryValue.uint(4000), plane(leaves, 0, "tx-octets"), "4-octet words");
        assertEquals(TelemetryValue.uint(8000), plane(leaves, 0, "rx-octets"));
        assertEquals(null, plane(leaves, 0, "tx-pkts"), "every packet is not data packets");
    }

    /** Broadcom: 4 MRC ports at 200 Gb/s named bnxt_re0..2 and bnxt_re10, a 25 Gb/s front end. */
    private SysfsFixture bnxtRe() {
        return new SysfsFixture(sys)
                .rocePort("bnxt_re0", "bnxt_en", 200, "mrc0")
                .rocePort("bnxt_re1", "bnxt_en", 200, "mrc1")
                .rocePort("bnxt_re2", "bnxt_en", 200, "mrc2")
                .rocePort("bnxt_re10", "bnxt_en", 200, "mrc3")
                .rocePort("bnxt_re3", "bnxt_en", 25, "fe0");
    }

    @Test
    void bnxtRePlanesAndCounters() {
        SysfsFixture f = bnxtRe().counter("bnxt_re10", "hw_counters", "tx_bytes", 111)
                .counter("bnxt_re10", "hw_counters", "rx_bytes", 222)
                .counter("bnxt_re10", "hw_counters", "tx_pkts", 3)
                .counter("bnxt_re10", "hw_counters", "seq_err_naks_rcvd", 4)
                .counter("bnxt_re10", "hw_counters", "to_retransmits", 5)
                .counter("bnxt_re10", "hw_counters", "rx_cnp_pkts", 6);
        Map<TelemetryPath, TelemetryValue> leaves = read(f);
        assertEquals(List.of("mrc0", "mrc1", "mrc2", "mrc3"), portNames(leaves));
        assertEquals(TelemetryValue.uint(111), plane(leaves, 3, "tx-octets"));
        assertEquals(TelemetryValue.uint(222), plane(leaves, 3, "rx-octets"));
        assertEquals(TelemetryValue.uint(4), plane(leaves, 3, "nacks-rcvd"));
        for (String leftOut : List.of("tx-pkts", "rto-expiries", "retransmits", "ecn-echoes-rcvd")) {
            assertEquals(null, plane(leaves, 3, leftOut), leftOut);
        }
    }

    @Test
    void aDeviceRenamedByUdevGetsItsDriversCountersFromTheDriverLink() {
        SysfsFixture f = new SysfsFixture(sys)
                .rocePort("rocep65s0f0", "bnxt_en", 200, "ens1f0np0")
                .counter("rocep65s0f0", "hw_counters", "seq_err_naks_rcvd", 4);
        assertEquals(TelemetryValue.uint(4), plane(read(f), 0, "nacks-rcvd"));
    }

    @Test
    void irdmaIwarpTcpResendsAreNotRetransmits() {
        SysfsFixture f = new SysfsFixture(sys)
                .rocePort("irdma0", "ice", 100, "mrc0")
                .counter("irdma0", "hw_counters", "tcpRetransSegs", 12)
                .counter("irdma0", "hw_counters", "ip4OutOctets", 1000);
        Map<TelemetryPath, TelemetryValue> leaves = read(f);
        assertEquals(TelemetryValue.uint(1000), plane(leaves, 0, "tx-octets"));
        assertEquals(null, plane(leaves, 0, "retransmits"), "iWARP TCP resends are not RoCE retransmits");
    }

    /** Intel E810: 2 MRC ports at 100 Gb/s (irdma0, irdma1), a 25 Gb/s front end (irdma2). */
    @Test
    void irdmaPlanesAndCounters() {
        SysfsFixture f = new SysfsFixture(sys)
                .rocePort("irdma0", "ice", 100, "mrc0")
                .rocePort("irdma1", "ice", 100, "mrc1")
                .rocePort("irdma2", "ice", 25, "fe0")
                .counter("irdma1", "hw_counters", "ip4OutOctets", 1000)
                .counter("irdma1", "hw_counters", "ip6OutOctets", 500)
                .counter("irdma1", "hw_counters", "ip4InOctets", 300)
                .counter("irdma1", "hw_counters", "ip4OutPkts", 9)
                .counter("irdma1", "hw_counters", "tcpRetransSegs", 12)
                .counter("irdma1", "hw_counters", "cnpHandled", 13);
        Map<TelemetryPath, TelemetryValue> leaves = read(f);
        assertEquals(List.of("mrc0", "mrc1"), portNames(leaves));
        assertEquals(TelemetryValue.uint(1500), plane(leaves, 1, "tx-octets"), "IPv4 and IPv6 octets");
        assertEquals(TelemetryValue.uint(300), plane(leaves, 1, "rx-octets"), "a missing ip6InOctets adds nothing");
        assertEquals(null, plane(leaves, 1, "retransmits"), "iWARP TCP resends are not RoCE retransmits");
        assertEquals(null, plane(leaves, 1, "ecn-echoes-rcvd"));
        assertEquals(null, plane(leaves, 1, "tx-pkts"));
    }

    @Test
    void naturalOrderComparesDigitRunsAsNumbers() {
        List<String> names =
                new ArrayList<>(List.of("mlx5_10", "mlx5_2", "mlx5_bond_0", "mlx5_1", "bnxt_re10", "bnxt_re9"));
        names.sort(NaturalOrder.INSTANCE);
        assertEquals(List.of("bnxt_re9", "bnxt_re10", "mlx5_1", "mlx5_2", "mlx5_10", "mlx5_bond_0"), names);
    }
}
