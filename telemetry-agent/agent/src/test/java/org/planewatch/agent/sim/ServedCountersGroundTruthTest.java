package org.planewatch.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.planewatch.sim.switching.PortCounter;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.ExclusionEvent;
import org.planewatch.sim.transport.ExclusionReason;
import org.planewatch.sim.transport.HostPlaneCounter;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.TelemetrySchema;
import org.planewatch.telemetry.value.TelemetryValue;
import org.planewatch.telemetry.worker.ManualNanoClock;

/**
 * The leaves the simulated back end serves, held against the simulator's ground truth on a fabric
 * with a gray link, a link with bit errors and a link that goes down and comes back: what one end
 * sends, the facing end receives, less what the wire lost, each counted where a real device counts it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServedCountersGroundTruthTest {

    static final String GRAY = "p0-t0-0~p0-t1-1";
    static final String CRC = "host-1~p0-t0-0";
    static final String DOWN = "p1-t0-1~p1-t1-0";
    static final double GRAY_DROP = 0.1;
    static final long EPOCH_NS = 1_700_000_000_000_000_000L;

    /** A fabric with the three faults; its workload ends, then the faults heal and every wire empties. */
    static final String SCENARIO = """
            name: three-faults
            seed: 11
            fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 2, linkGbps: 100, linkDelayNs: 1000,
                     queueBytes: 16384}
            transport: {mode: mrc, evsPerQp: 16}
            workload: {type: permutation, messageBytes: 1048576, repeat: 2}
            faults:
              - {atUs: 0, link: "%s", action: gray, dropProbability: %s}
              - {atUs: 0, link: "%s", action: crc, bitErrorRate: 1.0e-6}
              - {atUs: 20, link: "%s", action: down}
              - {atUs: 60, link: "%s", action: up}
            durationUs: 100000
            """.formatted(GRAY, GRAY_DROP, CRC, DOWN, DOWN);

    static Simulation sim;
    static FabricTelemetry t;
    static SimulatedBackend backend;
    static final List<ExclusionEvent> transitions = new ArrayList<>();

    @BeforeAll
    static void runTheFabricUntilItsWiresAreEmpty() throws Exception {
        sim = Simulation.build(ScenarioLoader.parse(SCENARIO, "three-faults.yaml", Path.of(".")));
        t = sim.telemetry();
        t.addExclusionListener(transitions::add);
        backend = new SimulatedBackend(
                sim, new SimOptions(1000, 100, null, true, 1024), EPOCH_NS, new ManualNanoClock(0));
        sim.runToCompletion(Long.MAX_VALUE);
        assertTrue(sim.workloadComplete(), "the workload completed");
        sim.faults().gray(GRAY, 0);
        sim.faults().crc(CRC, 0);
        long steps = 0;
        while (!wiresEmpty() && steps++ < 10_000_000 && sim.step()) {}
        assertTrue(wiresEmpty(), "every wire emptied");
        backend.publishCurrentState();
    }

    /** Ground truth: every packet a port put on its wire arrived at the far end or was lost on the way. */
    static boolean wiresEmpty() {
        for (int port : allPorts()) {
            long onWire = t.portCounter(port, PortCounter.TX_PACKETS)
                    - t.portCounter(port, PortCounter.WIRE_ARRIVED_PACKETS)
                    - t.portCounter(port, PortCounter.WIRE_LOST_GRAY)
                    - t.portCounter(port, PortCounter.WIRE_LOST_LINK_DOWN);
            if (onWire != 0) {
                return false;
            }
        }
        return true;
    }

    static List<Integer> allPorts() {
        List<Integer> ports = new ArrayList<>();
        for (int h = 0; h < t.hostCount(); h++) {
            for (int p = 0; p < t.planes(); p++) {
                ports.add(t.hostPort(h, p));
            }
        }
        for (int sw = 0; sw < t.switchCount(); sw++) {
            for (int k = 0; k < t.switchPortCount(sw); k++) {
                ports.add(t.switchPort(sw, k));
            }
        }
        return ports;
    }

    /** One end of a link as the agent serves it: the device and its interface. */
    record End(int port, String device, String ifName) {}

    static End end(int port) {
        for (int h = 0; h < t.hostCount(); h++) {
            for (int p = 0; p < t.planes(); p++) {
                if (t.hostPort(h, p) == port) {
                    return new End(port, t.hostName(h), "eth" + p);
                }
            }
        }
        for (int sw = 0; sw < t.switchCount(); sw++) {
            for (int k = 0; k < t.switchPortCount(sw); k++) {
                if (t.switchPort(sw, k) == port) {
                    return new End(port, t.switchName(sw), "eth" + k);
                }
            }
        }
        throw new AssertionError("no port " + port);
    }

    /** The two ends of a link, lower first. */
    static List<End> ends(String link) {
        int index = t.linkIndex(link);
        List<End> ends = new ArrayList<>();
        for (int port : allPorts()) {
            if (t.portLink(port) == index) {
                ends.add(end(port));
            }
        }
        assertEquals(2, ends.size(), link);
        return ends;
    }

    static Map<String, TelemetryValue> leaves(String device) {
        Map<String, TelemetryValue> out = new HashMap<>();
        for (Map.Entry<TelemetryPath, TelemetryValue> e :
                backend.read(device).leaves().entrySet()) {
            out.put(e.getKey().toString(), e.getValue());
        }
        return out;
    }

    static long counter(End end, String leaf) {
        return uint(end.device(), "/interfaces/interface[name=" + end.ifName() + "]/state/counters/" + leaf);
    }

    static long queue(End end, String queue, String leaf) {
        return uint(
                end.device(),
                "/qos/interfaces/interface[interface-id=" + end.ifName() + "]/output/queues/queue[name=" + queue
                        + "]/state/" + leaf);
    }

    static long plane(End host, String leaf) {
        return uint(host.device(), "mrc:/planes/plane[id=" + host.ifName().substring(3) + "]/state/" + leaf);
    }

    static long uint(String device, String path) {
        TelemetryValue value = leaves(device).get(path);
        if (!(value instanceof TelemetryValue.Uint u)) {
            throw new AssertionError(device + " serves no counter " + path + " (" + value + ")");
        }
        return u.value();
    }

    static String str(String device, String path) {
        return ((TelemetryValue.Str) leaves(device).get(path)).value();
    }

    static long lostOnWire(End from) {
        return t.portCounter(from.port(), PortCounter.WIRE_LOST_GRAY)
                + t.portCounter(from.port(), PortCounter.WIRE_LOST_LINK_DOWN);
    }

    /** Every link, both ways: the receiver counts what the sender sent less what the wire lost, bad frames included. */
    @Test
    void everyPortReceivesWhatItsFacingPortSentLessWhatTheWireLost() {
        for (int port : allPorts()) {
            End to = end(port);
            End from = end(t.facingPort(port));
            String where = from + " -> " + to;
            assertEquals(counter(from, "out-pkts") - lostOnWire(from), counter(to, "in-pkts"), where);
            assertEquals(
                    counter(from, "out-octets") - t.portCounter(from.port(), PortCounter.WIRE_LOST_BYTES),
                    counter(to, "in-octets"),
                    where);
            assertEquals(counter(to, "in-fcs-errors"), counter(to, "in-errors"), where);
            assertEquals(0, counter(to, "out-errors"), where);
            assertEquals(0, counter(to, "in-discards"), where + ": every packet had a route");
            assertEquals(
                    "SPEED_100GB",
                    str(to.device(), "/interfaces/interface[name=" + to.ifName() + "]/ethernet/state/port-speed"));
        }
    }

    @Test
    void aGrayLinkLosesPacketsThatOnlyTheTwoEndsCountersTogetherShow() {
        for (End from : ends(GRAY)) {
            End to = end(t.facingPort(from.port()));
            long sent = counter(from, "out-pkts");
            long lost = sent - counter(to, "in-pkts");
            assertEquals(t.portCounter(from.port(), PortCounter.WIRE_LOST_GRAY), lost, from + " -> " + to);
            // Binomial: within 5 standard deviations of the fault's drop probability.
            double sigma = Math.sqrt(sent * GRAY_DROP * (1 - GRAY_DROP));
            assertTrue(Math.abs(lost - sent * GRAY_DROP) < 5 * sigma + 1, lost + " of " + sent + " lost");
            assertTrue(lost > 0, from + " -> " + to + " lost packets");
            assertEquals(0, counter(to, "in-errors"), "a gray link's losses are no receive errors");
            assertEquals(0, counter(to, "in-fcs-errors"));
            assertEquals(0, counter(from, "out-errors"));
            assertEquals(0, counter(from, "out-discards"), "the sender sent them all");
            assertEquals(0, counter(from, "carrier-transitions"));
        }
    }

    @Test
    void bitErrorsAreTheReceiversFcsErrorsAndTheSenderCountsNoError() {
        for (End from : ends(CRC)) {
            End to = end(t.facingPort(from.port()));
            String where = from + " -> " + to;
            long bad = t.portCounter(from.port(), PortCounter.WIRE_CRC_ERRORS);
            assertTrue(bad > 0, where + " had bit errors");
            assertEquals(bad, counter(to, "in-fcs-errors"), where);
            assertEquals(bad, counter(to, "in-errors"), where);
            assertEquals(counter(from, "out-pkts"), counter(to, "in-pkts"), where + ": bad frames are received frames");
            assertEquals(0, counter(from, "out-errors"), where + ": the sender saw nothing wrong");
            assertEquals(0, counter(from, "out-discards"), where);
        }
    }

    @Test
    void aLinkThatWentDownAndCameBackCountsTwoTransitionsAndItsDiscardsAtTheSender() {
        long discards = 0;
        for (End from : ends(DOWN)) {
            End to = end(t.facingPort(from.port()));
            String where = from + " -> " + to;
            assertEquals(2, counter(from, "carrier-transitions"), where + ": down and up");
            assertEquals(
                    "UP", str(from.device(), "/interfaces/interface[name=" + from.ifName() + "]/state/oper-status"));
            long linkDown = t.portCounter(from.port(), PortCounter.DROP_LINK_DOWN);
            assertEquals(
                    linkDown + queue(from, "data", "dropped-pkts") + queue(from, "header", "dropped-pkts"),
                    counter(from, "out-discards"),
                    where);
            assertEquals(counter(from, "out-pkts") - lostOnWire(from), counter(to, "in-pkts"), where);
            discards += linkDown;
        }
        assertTrue(discards > 0, "the switches discarded what they would have sent into the dead link");
    }

    @Test
    void aHostReceivesWhatItsLeafSentAndItsPlaneCountersSplitDataFromTheRest() {
        for (int h = 0; h < t.hostCount(); h++) {
            for (int p = 0; p < t.planes(); p++) {
                End host = end(t.hostPort(h, p));
                End leaf = end(t.facingPort(host.port()));
                String where = host.toString();
                assertEquals(
                        counter(leaf, "out-octets") - t.portCounter(leaf.port(), PortCounter.WIRE_LOST_BYTES),
                        counter(host, "in-octets"),
                        where);
                assertEquals(counter(host, "in-octets"), plane(host, "rx-octets"), where);
                assertEquals(counter(host, "out-octets"), plane(host, "tx-octets"), where);
                assertEquals(
                        t.hostPlaneCounter(h, p, HostPlaneCounter.RX_DATA_PACKETS),
                        plane(host, "rx-pkts"),
                        where + ": the data packets the transport got");
                assertTrue(plane(host, "rx-pkts") < counter(host, "in-pkts"), where + ": ACKs are not data");
                assertTrue(plane(host, "tx-pkts") < counter(host, "out-pkts"), where + ": ACKs are not data");
            }
        }
    }

    @Test
    void theHostsDataPacketsAddUpToWhatTheQpsSentAndTheFabricDelivered() {
        long planeTx = 0;
        long planeRx = 0;
        long qpTx = 0;
        for (int h = 0; h < t.hostCount(); h++) {
            Map<String, TelemetryValue> leaves = leaves(t.hostName(h));
            for (int p = 0; p < t.planes(); p++) {
                End host = end(t.hostPort(h, p));
                planeTx += plane(host, "tx-pkts");
                planeRx += plane(host, "rx-pkts");
            }
            for (Map.Entry<String, TelemetryValue> e : leaves.entrySet()) {
                if (e.getKey().matches("mrc:/qps/qp\\[qpn=\\d+]/state/tx-pkts")) {
                    long qp = ((TelemetryValue.Uint) e.getValue()).value();
                    qpTx += qp;
                    String evs = e.getKey().substring(0, e.getKey().length() - "state/tx-pkts".length()) + "evs/";
                    long evTx = leaves.entrySet().stream()
                            .filter(x ->
                                    x.getKey().startsWith(evs) && x.getKey().endsWith("/state/tx-pkts"))
                            .mapToLong(x -> ((TelemetryValue.Uint) x.getValue()).value())
                            .sum();
                    assertEquals(qp, evTx, e.getKey() + ": the QP's EVs");
                }
            }
        }
        var packets = sim.summary().packets();
        assertEquals(packets.sent(), qpTx, "every data packet a QP sent");
        assertEquals(qpTx, planeTx, "no host link failed: the NICs sent every data packet the QPs handed them");
        assertEquals(packets.delivered(), planeRx, "data packets that reached a host whole");
        assertEquals(0, packets.inFlightAtEnd());
    }

    @Test
    void queuesSplitThePortsTransmissionsAndTrimsAddUp() {
        long trimmed = 0;
        for (int sw = 0; sw < t.switchCount(); sw++) {
            for (int k = 0; k < t.switchPortCount(sw); k++) {
                End port = end(t.switchPort(sw, k));
                String where = port.toString();
                assertEquals(
                        counter(port, "out-pkts"),
                        queue(port, "data", "transmit-pkts") + queue(port, "header", "transmit-pkts"),
                        where);
                assertEquals(
                        counter(port, "out-octets"),
                        queue(port, "data", "transmit-octets") + queue(port, "header", "transmit-octets"),
                        where);
                assertEquals(
                        t.portCounter(port.port(), PortCounter.DATA_QUEUE_TX_PACKETS),
                        queue(port, "data", "transmit-pkts"),
                        where);
                long trims = counter(port, "trim-pkts");
                assertEquals(trims, queue(port, "data", "trim-pkts"), where);
                assertEquals(counter(port, "out-trim-pkts"), queue(port, "header", "out-trim-pkts"), where);
                assertEquals(counter(port, "dropped-trim-pkts"), queue(port, "header", "dropped-trim-pkts"), where);
                if (t.portLink(port.port()) != t.linkIndex(DOWN)) {
                    assertEquals(
                            trims,
                            counter(port, "out-trim-pkts") + counter(port, "dropped-trim-pkts"),
                            where + ": every trimmed header was sent or dropped");
                }
                trimmed += trims;
            }
        }
        assertEquals(sim.summary().packets().trimmed(), trimmed);
        assertTrue(trimmed > 0, "the permutation trimmed");
    }

    /**
     * The agent dates a change by the wall clock it reads when it sees it (ADR 0096); this back end's
     * clock stands still at {@code EPOCH_NS}, so every changed EV shows it (DecisionTimestampsTest moves
     * the clock). An EV whose state never changed shows the scenario's start, the same instant here.
     */
    @Test
    void anEvsLastChangeIsWhenItLastChangedState() {
        assertTrue(!transitions.isEmpty());
        Map<String, Long> last = new HashMap<>();
        for (ExclusionEvent e : transitions) {
            if (e.from() != e.to()) {
                last.put(
                        t.hostName(e.host()) + " mrc:/qps/qp[qpn=" + e.qp() + "]/evs/ev[id=" + e.ev()
                                + "]/state/last-change",
                        EPOCH_NS);
            }
        }
        for (Map.Entry<String, Long> e : last.entrySet()) {
            String[] deviceAndPath = e.getKey().split(" ");
            assertEquals(e.getValue(), uint(deviceAndPath[0], deviceAndPath[1]), e.getKey());
        }
    }

    @Test
    void theExclusionReasonsTheSchemaAdvertisesAreTheOnesTheSimulatorGives() {
        assertEquals(
                Arrays.stream(ExclusionReason.values()).map(Enum::name).toList(), TelemetrySchema.EXCLUSION_REASONS);
    }
}
