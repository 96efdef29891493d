package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;
import static org.planewatch.agent.testing.Requests.target;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.testing.ForwardingBackend;
import org.planewatch.agent.testing.LoopbackAgent;
import org.planewatch.agent.testing.Requests;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Issue 20 item 3: the agent sent nothing of a subscription's initial state until it had selected the
 * leaves of every target (half a minute for 9,728 devices on a loaded machine), so the console learnt
 * no device before then. Each target's leaves now go out once that target is selected.
 */
@Timeout(30)
class InitialStateStreamsAsSelectedTest {

    private LoopbackAgent agent;

    /** The in-memory back end, except that reading {@code host-1} waits (at most 5 s) until {@link #release}. */
    private static final class SlowSecondTarget extends ForwardingBackend {
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean waitedInVain;

        SlowSecondTarget(InMemoryBackend inner) {
            super(inner);
        }

        @Override
        public DeviceSnapshot read(String target) {
            if (target.equals("host-1")) {
                try {
                    if (!release.await(5, TimeUnit.SECONDS)) {
                        waitedInVain = true;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.read(target);
        }
    }

    @AfterEach
    void stop() throws Exception {
        LoopbackAgent.stop(agent);
    }

    @Test
    void aTargetsInitialStateGoesOutBeforeTheNextTargetIsSelected() throws Exception {
        InMemoryBackend memory = new InMemoryBackend(
                List.of(new TargetInfo("host-0", DeviceRole.HOST), new TargetInfo("host-1", DeviceRole.HOST)),
                () -> 1_700_000_000_000_000_000L);
        memory.put("host-0", "/interfaces/interface[name=eth0]/state/counters/in-octets", new TelemetryValue.Uint(7));
        memory.put("host-1", "/interfaces/interface[name=eth0]/state/counters/in-octets", new TelemetryValue.Uint(8));
        SlowSecondTarget backend = new SlowSecondTarget(memory);
        agent = LoopbackAgent.serve(backend, GnmiOptions.defaults());

        SubscribeProbe probe = SubscribeProbe.open(
                agent.client().async(),
                Requests.subscribe(
                        "*",
                        SubscriptionList.Mode.ONCE,
                        Subscription.newBuilder().setPath(path("/interfaces")).build()));
        SubscribeResponse first = probe.next();
        backend.release.countDown();
        assertEquals("host-0", first.getUpdate().getPrefix().getTarget(), first.toString());
        assertTrue(!backend.waitedInVain, "host-0 was sent only after host-1 had been selected");
        probe.untilSync();
    }
}
