package org.planewatch.agent.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.sub;
import static org.planewatch.agent.testing.Requests.subscribe;
import static org.planewatch.agent.testing.Requests.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.backend.TelemetryClock;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;

/**
 * Real moving counters: two network namespaces joined by a veth pair. The sysfs of namespace A is
 * mounted at a temporary directory (sysfs shows the network namespace of whoever mounts it), the
 * agent reads it, traffic is sent from inside A, and the counters move through gNMI Get and Subscribe.
 */
class NetnsVethCountersTest {

    private static final String NS_A = "pwtestA" + ProcessHandle.current().pid() % 10000;
    private static final String NS_B = "pwtestB" + ProcessHandle.current().pid() % 10000;
    private static final String VETH_A = "pwva" + ProcessHandle.current().pid() % 10000;
    private static final String VETH_B = "pwvb" + ProcessHandle.current().pid() % 10000;
    private static final String COUNTER = "/interfaces/interface[name=" + VETH_A + "]/state/counters/out-pkts";

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    private static boolean available(String... command) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    void vethCountersMoveThroughGnmiGetAndSubscribe() throws Exception {
        Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")),
                "skipped: creating network namespaces needs root (run the tests as root to include it)");
        Assumptions.assumeTrue(
                available("ip", "-V") && available("nsenter", "--version"),
                "skipped: needs the 'ip' (iproute2) and 'nsenter' (util-linux) commands");
        Path sysfs = Files.createTempDirectory("pw-sysfs-");
        List<String> cleanup = new ArrayList<>();
        try {
            try {
                run("ip", "netns", "add", NS_A);
            } catch (IOException e) {
                Assumptions.abort("skipped: this root user may not create network namespaces here (no CAP_SYS_ADMIN?): "
                        + e.getMessage().strip());
            }
            cleanup.add("netns " + NS_A);
            run("ip", "netns", "add", NS_B);
            cleanup.add("netns " + NS_B);
            run("ip", "link", "add", VETH_A, "netns", NS_A, "type", "veth", "peer", "name", VETH_B, "netns", NS_B);
            run("ip", "-n", NS_A, "addr", "add", "10.213.0.1/24", "dev", VETH_A);
            run("ip", "-n", NS_B, "addr", "add", "10.213.0.2/24", "dev", VETH_B);
            run("ip", "-n", NS_A, "link", "set", VETH_A, "up");
            run("ip", "-n", NS_B, "link", "set", VETH_B, "up");
            run("nsenter", "--net=/var/run/netns/" + NS_A, "mount", "-t", "sysfs", "sysfs", sysfs.toString());
            cleanup.add("mount");

            LinuxHostBackend backend =
                    new LinuxHostBackend(sysfs, "host-a", TelemetryClock.system(), Duration.ofMillis(50));
            try (AgentServer agent = new AgentServer(
                                    AgentConfig.loopbackInsecure(
                                            0, GnmiOptions.defaults().withMinSampleIntervalNs(50_000_000L)),
                                    backend,
                                    StructuredLog.silent())
                            .start();
                    GnmiClient client = new GnmiClient(agent.port())) {
                long before = outPkts(client);
                SubscribeProbe probe = SubscribeProbe.open(
                        client.async(),
                        subscribe("host-a", SubscriptionList.Mode.STREAM, sub(COUNTER, SubscriptionMode.ON_CHANGE, 0)));
                probe.untilSync();
                sendUdpFromA(20);
                long streamed = probe.until(n -> n.getUpdate(0).getVal().getUintVal() >= before + 20)
                        .getLast()
                        .getUpdate(0)
                        .getVal()
                        .getUintVal();
                probe.cancel();
                long after = outPkts(client);
                assertTrue(streamed >= before + 20, "subscribe saw " + streamed + ", started at " + before);
                assertTrue(after >= streamed, "get saw " + after);
            }
        } finally {
            if (cleanup.contains("mount")) {
                unmount(sysfs);
            }
            for (String ns : List.of(NS_A, NS_B)) {
                if (cleanup.contains("netns " + ns)) {
                    run("ip", "netns", "del", ns);
                }
            }
            Files.deleteIfExists(sysfs);
        }
    }

    /**
     * Unmounts the namespace's sysfs. A file the agent's poller had open a moment ago can keep it
     * busy for a while on a loaded machine: retry, then detach it lazily, so no run leaves a mount.
     */
    private static void unmount(Path sysfs) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            try {
                run("umount", sysfs.toString());
                return;
            } catch (IOException busy) {
                if (System.nanoTime() > deadline) {
                    run("umount", "--lazy", sysfs.toString());
                    return;
                }
                Thread.sleep(100);
            }
        }
    }

    private static long outPkts(GnmiClient client) {
        var r = client.blocking()
                .get(GetRequest.newBuilder()
                        .setPrefix(target("host-a"))
                        .setEncoding(Encoding.PROTO)
                        .addPath(path(COUNTER))
                        .build());
        assertEquals(1, r.getNotification(0).getUpdateCount());
        return r.getNotification(0).getUpdate(0).getVal().getUintVal();
    }

    /** UDP datagrams sent inside namespace A (bash's /dev/udp, so no ping binary is needed). */
    private static void sendUdpFromA(int datagrams) throws IOException, InterruptedException {
        run(
                "ip",
                "netns",
                "exec",
                NS_A,
                "bash",
                "-c",
                "for i in $(seq " + datagrams + "); do echo planewatch > /dev/udp/10.213.0.2/9; done");
    }
}
