package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.planewatch.agent.testing.Requests.path;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.testing.LoopbackAgent;
import org.planewatch.agent.testing.Requests;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.Notification;
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

    private LoopbackAgent agent;

    @AfterEach
    void stop() throws Exception {
        LoopbackAgent.stop(agent);
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
        agent = LoopbackAgent.serve(backend, GnmiOptions.defaults().withMaxBufferedPaths(2 * LEAVES));

        // The client takes nothing at first: the transport fills and the agent's buffer with it.
        SubscribeProbe probe = SubscribeProbe.open(
                agent.client().async(),
                Requests.subscribe(
                        "*",
                        SubscriptionList.Mode.ONCE,
                        Subscription.newBuilder().setPath(path("/interfaces")).build()),
                0);
        Thread.sleep(500);
        probe.request(Integer.MAX_VALUE);

        int updates = 0;
        for (Notification notification : probe.untilSync()) {
            updates += notification.getUpdateCount();
        }
        assertEquals(TARGETS * LEAVES, updates, "leaves of the initial state that reached the client");
        assertEquals(0, agent.server().stats().droppedUpdates(), "updates the agent dropped");
    }
}
