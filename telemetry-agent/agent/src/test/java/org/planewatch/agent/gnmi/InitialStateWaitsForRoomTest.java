package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.agent.testing.GnmiClient;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Issue 20 item 3: a subscription's initial state larger than the agent's coalescing buffer, to a
 * client that reads slowly, lost every leaf beyond the buffer's bound (at 9,728 devices and a
 * 1,000,000-path buffer, most devices reached the console only with later samples, over a minute
 * on). The initial state now waits for the client: every leaf of every target arrives before the
 * sync_response.
 */
@Timeout(60)
class InitialStateWaitsForRoomTest {

    private static final int TARGETS = 20;
    private static final int LEAVES = 50;

    private AgentServer server;
    private GnmiClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyLeafOfAnInitialStateLargerThanTheBufferReachesASlowClientBeforeTheSync() throws Exception {
        List<TargetInfo> targets = new ArrayList<>();
        for (int t = 0; t < TARGETS; t++) {
            targets.add(new TargetInfo("host-" + t, DeviceRole.HOST));
        }
        InMemoryBackend backend = new InMemoryBackend(targets, () -> 1_700_000_000_000_000_000L);
        for (int t = 0; t < TARGETS; t++) {
            for (int port = 0; port < LEAVES; port++) {
                backend.put(
                        "host-" + t,
                        "/interfaces/interface[name=eth" + port + "]/state/counters/in-octets",
                        new TelemetryValue.Uint(port));
            }
        }
        // Room for two targets' leaves: the initial state is ten times the buffer.
        server = new AgentServer(
                        AgentConfig.loopbackInsecure(0, GnmiOptions.defaults().withMaxBufferedPaths(2 * LEAVES)),
                        backend,
                        StructuredLog.silent())
                .start();
        client = new GnmiClient(server.port());

        // The client takes nothing at first: the transport fills and the agent's buffer with it.
        SubscribeProbe probe = SubscribeProbe.open(
                client.async(),
                SubscribeRequest.newBuilder()
                        .setSubscribe(SubscriptionList.newBuilder()
                                .setPrefix(target("*"))
                                .setMode(SubscriptionList.Mode.ONCE)
                                .setEncoding(Encoding.PROTO)
                                .addSubscription(Subscription.newBuilder().setPath(path("/interfaces"))))
                        .build(),
                0);
        Thread.sleep(500);
        probe.request(Integer.MAX_VALUE);

        int updates = 0;
        for (Notification notification : probe.untilSync()) {
            updates += notification.getUpdateCount();
        }
        assertEquals(TARGETS * LEAVES, updates, "leaves of the initial state that reached the client");
        assertEquals(0, server.stats().droppedUpdates(), "updates the agent dropped");
    }
}
