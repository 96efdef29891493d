package org.planewatch.collector.kafka.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.config.TopicLayout;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.rollup.PlanePartial;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.localize.Incidents;
import org.planewatch.console.state.localize.PathDecision;
import org.planewatch.console.testing.Notifications;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;
import org.planewatch.gnmi.proto.SubscribeResponse;

/**
 * The rollups' two applications in Kafka's TopologyTestDriver, one driver each, the per-device one's
 * plane inputs handed to the by-plane one as the topic between them would (ADR 0150): no broker, and
 * wall-clock time is the drivers', so the once-a-second punctuations run exactly when the test
 * advances it.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RollupTopologyTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private final TopicLayout topics = TopicLayout.defaults();
    private final RollupLayout rollups = RollupLayout.defaults();
    private TopologyTestDriver driver;
    private TopologyTestDriver planesDriver;
    private TestOutputTopic<String, byte[]> planeInputsOut;
    private TestInputTopic<String, byte[]> planeInputsIn;
    private TestInputTopic<String, byte[]> updates;
    private TestInputTopic<String, byte[]> exclusions;
    private long wallMillis;

    @BeforeEach
    void start() {
        RollupCounters counters = new RollupCounters();
        driver = new TopologyTestDriver(
                RollupTopology.devices(topics, rollups, counters), properties("rollup-test"), Instant.ofEpochMilli(0));
        planesDriver = new TopologyTestDriver(
                RollupTopology.planes(rollups, AlarmThresholds.defaults(), counters),
                properties("rollup-test-planes"),
                Instant.ofEpochMilli(0));
        updates = driver.createInputTopic(
                topics.updates(),
                Serdes.String().serializer(),
                Serdes.ByteArray().serializer());
        exclusions = driver.createInputTopic(
                topics.exclusions(),
                Serdes.String().serializer(),
                Serdes.ByteArray().serializer());
        planeInputsOut = driver.createOutputTopic(
                rollups.planeInputs(),
                Serdes.String().deserializer(),
                Serdes.ByteArray().deserializer());
        planeInputsIn = planesDriver.createInputTopic(
                rollups.planeInputs(),
                Serdes.String().serializer(),
                Serdes.ByteArray().serializer());
    }

    private static Properties properties(String applicationId) {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        return props;
    }

    @AfterEach
    void stop() {
        driver.close();
        planesDriver.close();
    }

    private void send(TestInputTopic<String, byte[]> topic, Notifications n, String device) {
        byte[] value =
                SubscribeResponse.newBuilder().setUpdate(n.build()).build().toByteArray();
        RecordHeaders headers = new RecordHeaders();
        headers.add(Headers.SOURCE, device.getBytes());
        topic.pipeInput(new TestRecord<>(device, value, headers, wallMillis));
    }

    private static Notifications port(String device, long ts, String port, String status, long octets, long trims) {
        String base = "/interfaces/interface[name=" + port + "]/state";
        return Notifications.of(device, ts)
                .text(base + "/oper-status", status)
                .uint(base + "/counters/out-octets", octets)
                .uint(base + "/counters/trim-pkts", trims);
    }

    private static Notifications plane(String host, long ts, int plane, long good, long bad) {
        String base = "mrc:/planes/plane[id=" + plane + "]/state";
        return Notifications.of(host, ts)
                .uint(base + "/evs-good", good)
                .uint(base + "/evs-assumed-bad", bad)
                .uint(base + "/evs-denied", 0)
                .uint(base + "/rx-octets", 0);
    }

    /**
     * Moves the drivers' wall clock (and so the punctuations) forward to {@code millis}: the per-device
     * application's first, then what it wrote to the plane inputs topic goes to the by-plane one,
     * whose clock moves next.
     */
    private void advanceTo(long millis) {
        if (millis > wallMillis) {
            driver.advanceWallClockTime(Duration.ofMillis(millis - wallMillis));
            handOver();
            planesDriver.advanceWallClockTime(Duration.ofMillis(millis - wallMillis));
            wallMillis = millis;
        }
    }

    /** The plane inputs written so far, into the by-plane application. */
    private void handOver() {
        planeInputsOut.readRecordsToList().forEach(planeInputsIn::pipeInput);
    }

    private <T> Map<String, T> latest(String topic, Class<T> type) {
        handOver();
        TestOutputTopic<String, byte[]> out = planesDriver.createOutputTopic(
                topic, Serdes.String().deserializer(), Serdes.ByteArray().deserializer());
        Map<String, T> latest = new HashMap<>();
        out.readKeyValuesToList().forEach(kv -> {
            if (kv.value == null) {
                latest.remove(kv.key);
            } else {
                latest.put(kv.key, RollupJson.decode(kv.value, type));
            }
        });
        return latest;
    }

    private void fabricWithALinkDown() {
        for (long t : new long[] {0, 1}) {
            send(updates, port("p0-t0-0", t * SECOND_NS, "p0-t1-0", "DOWN", 0, 0), "p0-t0-0");
            send(updates, port("p0-t0-0", t * SECOND_NS, "p0-t1-1", "UP", t * 6_250_000_000L, t * 300), "p0-t0-0");
            send(updates, port("p1-t0-0", t * SECOND_NS, "p1-t1-0", "UP", t * 12_500_000_000L, 0), "p1-t0-0");
            send(updates, plane("host-0", t * SECOND_NS, 0, 7, 1), "host-0");
            send(updates, plane("host-0", t * SECOND_NS, 1, 8, 0), "host-0");
        }
    }

    @Test
    void nothingIsWrittenBeforeTheWallClockSecondAndThenEveryPlaneIsSummed() {
        fabricWithALinkDown();
        advanceTo(999);
        assertTrue(latest(rollups.planes(), PlaneRollup.class).isEmpty(), "written before a second passed");

        advanceTo(1_000);
        advanceTo(2_000);
        Map<String, PlaneRollup> planes = latest(rollups.planes(), PlaneRollup.class);

        PlaneRollup zero = planes.get("0");
        assertEquals(1, zero.linksDown(), zero.toString());
        assertEquals(2, zero.linksTotal(), zero.toString());
        assertEquals(7 / 8.0, zero.pathHealth(), 1e-12);
        assertEquals(1, zero.evsOutOfService());
        assertEquals(300.0, zero.fabricTrimRate(), 1e-9, "T0 up-port trims are the fabric's");
        assertEquals(0.5, zero.coreUtilizationMax(), 1e-9, "6.25 GB (50 Gb) in 1 s on a 100 Gb/s link");
        PlaneRollup one = planes.get("1");
        assertEquals(0, one.linksDown());
        assertEquals(1.0, one.pathHealth(), 1e-12);

        Map<String, LinkRollup> links = latest(rollups.links(), LinkRollup.class);
        assertEquals("DOWN", links.get("p0-t0-0~p0-t1-0").state());
        assertEquals("UP", links.get("p0-t0-0~p0-t1-1").state());
        Map<String, AlarmRollup> alarms = latest(rollups.alarms(), AlarmRollup.class);
        assertTrue(
                alarms.containsKey("link-down/p0-t0-0~p0-t1-0"), alarms.keySet().toString());
        assertTrue(alarms.containsKey("plane-health/0"), alarms.keySet().toString());
        assertFalse(alarms.containsKey("plane-health/1"), alarms.keySet().toString());
    }

    @Test
    void anIdlePerDeviceTaskIsStillHeardFromAndOneThatStopsHasItsDevicesCountedUnheard() {
        fabricWithALinkDown();
        // A minute with nothing new: no partial sum changes, yet the task says it is there.
        for (long t = 1_000; t <= 60_000; t += 1_000) {
            advanceTo(t);
        }
        PlaneRollup idle = latest(rollups.planes(), PlaneRollup.class).get("0");
        assertEquals(1, idle.hosts(), idle.toString());
        assertEquals(1, idle.switches(), idle.toString());
        assertFalse(idle.partlyUnheard(), "an idle task is heard from: " + idle);

        // Its collector is gone (the per-device application stops); the by-plane one goes on.
        for (long t = 61_000; t <= 60_000 + PlanePartial.UNHEARD_AFTER_MILLIS + 1_000; t += 1_000) {
            planesDriver.advanceWallClockTime(Duration.ofSeconds(1));
        }
        PlaneRollup quiet = latest(rollups.planes(), PlaneRollup.class).get("0");
        assertEquals(1, quiet.hostsUnheard(), quiet.toString());
        assertEquals(1, quiet.switchesUnheard(), quiet.toString());
        assertEquals(1, quiet.hosts(), "still in the sums, as last heard");
    }

    @Test
    void theSuspectRollupNamesTheFailedLinkFromTheExclusionDecisions() {
        List<PathDecision> decisions = new ArrayList<>();
        Incidents.Incident incident = new Incidents(decisions::add).singleLinkDown();
        Map<String, Long> seqs = new HashMap<>();
        for (PathDecision d : decisions) {
            advanceTo(d.arrivalMillis());
            long seq = seqs.merge(d.host(), 1L, Long::sum);
            String base = "mrc:/events/event[seq=" + seq + "]/state";
            send(
                    exclusions,
                    Notifications.of(d.host(), d.timestampNs())
                            .uint(base + "/timestamp", d.timestampNs())
                            .uint(base + "/qpn", d.qpn())
                            .uint(base + "/ev", d.ev())
                            .uint(base + "/plane", d.plane())
                            .text(base + "/links", String.join(",", d.links()))
                            .text(base + "/from-state", d.fromState())
                            .text(base + "/to-state", d.toState())
                            .text(base + "/reason", "loss-timer"),
                    d.host());
        }
        advanceTo(incident.lookAtMillis());

        Map<String, SuspectRollup> suspects = latest(rollups.suspects(), SuspectRollup.class);
        SuspectRollup top = suspects.values().stream()
                .filter(s -> s.rank() == 1)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no suspect ranked: " + suspects));
        assertEquals(incident.culprit(), top.name(), suspects.toString());
        assertEquals(1, top.plane());
        assertTrue(
                latest(rollups.alarms(), AlarmRollup.class).containsKey("suspect/" + incident.culprit()),
                "a suspect raises an alarm");
    }
}
