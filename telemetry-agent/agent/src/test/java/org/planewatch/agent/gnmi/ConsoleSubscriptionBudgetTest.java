package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planewatch.agent.testing.Requests.path;

import io.grpc.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.agent.sim.SimulatedBackend;
import org.planewatch.agent.testing.LoopbackAgent;
import org.planewatch.agent.testing.Requests;
import org.planewatch.agent.testing.SubscribeProbe;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.LldpLeaves;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.schema.QpLeaves;
import org.planewatch.telemetry.schema.QueueLeaves;
import org.planewatch.telemetry.schema.SimLeaves;

/**
 * Issue 20 item 3: the console's default subscription (8 paths on every device, {@code devices: ["*"]})
 * was refused by an agent serving 8,192 hosts (9,728 devices): its selection cost grows with the leaves
 * served, and the agent's limit was a fixed total. The limit now bounds the work beyond a fair share per
 * leaf examined, so a plain subscription passes at any fabric size and a costly one is still refused.
 *
 * <p>A 9,728-device fabric is too heavy for a unit test; the same ratio is reproduced by a fabric of
 * the bench's shape (8 planes, 128 EVs per QP) with a limit far below what its leaves cost at a few
 * steps each.
 */
@Timeout(60)
class ConsoleSubscriptionBudgetTest {

    /** Far below what the fabric's leaves cost the 8 paths at a few steps each. */
    private static final long LIMIT = 20_000;

    /** What {@code SubscriptionPlan.fabricOverview()} of the console subscribes to (console-core). */
    static final List<String> CONSOLE_PATHS = List.of(
            everyEntry(InterfaceLeaves.STATE_TEMPLATE.parent()),
            everyEntry(QueueLeaves.STATE_TEMPLATE),
            everyEntry(PlaneLeaves.STATE_TEMPLATE),
            everyEntry(QpLeaves.STATE_TEMPLATE),
            everyEntry(ExclusionEventRing.ROOT),
            everyEntry(LldpLeaves.STATE_TEMPLATE),
            SimLeaves.CLOCK_STATE.child(SimLeaves.EPOCH).toString(),
            SimLeaves.CLOCK_STATE.child(SimLeaves.SIM_TIME_NS).toString());

    private LoopbackAgent agent;

    private static String everyEntry(TelemetryPath template) {
        return template.withoutKeys().toString();
    }

    private void start(long maxSelectionSteps) throws Exception {
        SimulatedBackend backend = new SimulatedBackend(
                ScenarioLoader.parse("""
                        name: console-budget
                        seed: 20
                        fabric: {planes: 8, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2}
                        transport: {mode: mrc, evsPerQp: 128}
                        workload: {type: permutation, messageBytes: 1048576, repeat: 1000}
                        """, "console-budget.yaml", Path.of(".")), SimOptions.defaults());
        agent = LoopbackAgent.serve(backend, GnmiOptions.defaults().withMaxSelectionSteps(maxSelectionSteps));
    }

    @AfterEach
    void stop() throws Exception {
        LoopbackAgent.stop(agent);
    }

    private static List<Subscription> consoleSubscriptions() {
        return CONSOLE_PATHS.stream()
                .map(p -> Subscription.newBuilder()
                        .setPath(path(p))
                        .setMode(SubscriptionMode.TARGET_DEFINED)
                        .build())
                .toList();
    }

    @Test
    void theConsolesDefaultSubscriptionIsAcceptedWhateverTheLeavesItSelectsCostInTotal() throws Exception {
        start(LIMIT);
        SubscribeProbe probe = SubscribeProbe.open(
                agent.client().async(), Requests.subscribe("*", SubscriptionList.Mode.STREAM, consoleSubscriptions()));
        List<Notification> initial = probe.untilSync();

        // Every leaf sent cost the 8 paths no more than its free steps, so no fabric size adds up to a refusal.
        SelectionIndex index = new SelectionIndex(
                CONSOLE_PATHS.stream().map(PathPattern::parse).toList());
        long leaves = 0;
        long dearest = 0;
        for (Notification n : initial) {
            for (Update u : n.getUpdateList()) {
                SelectionBudget one = new SelectionBudget(Long.MAX_VALUE, () -> false, () -> "unreachable");
                index.selecting(ProtoCodec.join(n.getPrefix(), u.getPath()), one);
                dearest = Math.max(dearest, one.used());
                leaves++;
            }
        }
        System.out.println(leaves + " leaves selected, the dearest cost " + dearest + " steps");
        assertTrue(leaves * 4 > LIMIT, "the fabric's leaves cost more than the limit at a few steps each: " + leaves);
        assertTrue(dearest <= SelectionBudget.STEPS_PER_LEAF, "dearest leaf: " + dearest + " steps");
        probe.cancel();
    }

    @Test
    void aSubscriptionWhoseLeavesEachCostHundredsOfStepsIsStillRefused() throws Exception {
        start(LIMIT);
        List<Subscription> costly = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // a wildcard element with a key value: tested against every interface leaf one by one
            costly.add(Subscription.newBuilder()
                    .setPath(path("/interfaces/*[name=nothing-" + i + "]/state"))
                    .build());
        }
        Status end = SubscribeProbe.open(
                        agent.client().async(), Requests.subscribe("*", SubscriptionList.Mode.STREAM, costly))
                .end();
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, end.getCode(), end.toString());
        assertTrue(end.getDescription().contains("--max-selection-steps"), end.getDescription());
    }
}
