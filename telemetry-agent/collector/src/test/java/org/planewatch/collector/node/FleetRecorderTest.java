package org.planewatch.collector.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.collector.testing.Collectors;
import org.planewatch.collector.testing.KafkaTestCluster;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.fleet.FleetRecorder;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The fleet recorder (ADR 0106) against a real broker, records written by hand as collectors write
 * them: every decision is handed over, also those published to a partition that was empty when the
 * recorder was opened and before it started reading; the rollups' present state is handed over once,
 * the latest record of each key; an alarm's devices have their raw updates handed over from the
 * lookback, each once although a second device in the same partition makes it read again, and
 * without their event rings.
 */
class FleetRecorderTest {
    private static final String X = "p0-t0-1";
    private static final String Y = "p0-t1-3";
    private static final String OTHER = "p1-t0-0";

    private final List<IngestEvent> handed = new ArrayList<>();
    private final List<Alarm> alarms = new ArrayList<>();

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void everyDecisionTheLatestRollupsAndTheRawUpdatesOfDevicesInAlarmAreHandedOverOnce() throws Exception {
        try (KafkaTestCluster kafka = KafkaTestCluster.start();
                KafkaProducer<String, byte[]> producer = producer(kafka.bootstrap())) {
            createTopics(kafka.bootstrap());
            decision(producer, 0, "host-0", 1);
            for (int version = 1; version <= 3; version++) {
                send(producer, FleetTopics.PLANES, "0", RollupJson.encode(plane(version)));
            }
            for (String device : List.of(X, Y, OTHER)) {
                raw(producer, device, 1);
                raw(producer, device, 2);
            }
            producer.flush();

            FleetRecorder recorder = FleetRecorder.open(
                    new FleetAddress(kafka.bootstrap(), Map.of(), "test"),
                    InstantSource.system(),
                    Duration.ofSeconds(150),
                    Duration.ofSeconds(10));
            try {
                // Published after the recorder was opened and before it reads: partitions empty until now.
                decision(producer, 1, "host-1", 1);
                decision(producer, 2, "host-2", 1);
                decision(producer, 3, "host-3", 1);
                decision(producer, 3, "host-3", 2);
                producer.flush();
                recorder.start(new FleetRecorder.Sink() {
                    @Override
                    public void events(List<IngestEvent> batch) {
                        synchronized (handed) {
                            handed.addAll(batch);
                        }
                    }

                    @Override
                    public void alarm(Alarm alarm) {
                        synchronized (handed) {
                            alarms.add(alarm);
                        }
                    }
                });
                Collectors.await(
                        () -> decisions().size() == 5, Duration.ofSeconds(20), "not every decision was handed over");
                assertEquals(List.of("host-0/1", "host-1/1", "host-2/1", "host-3/1", "host-3/2"), decisions());
                Collectors.await(
                        () -> !rollups().isEmpty(), Duration.ofSeconds(20), "the rollups' state was not handed over");
                assertEquals(List.of("PLANE/0 version 3"), rollups(), "the latest record of each key, once");

                send(
                        producer,
                        FleetTopics.ALARMS,
                        "suspect/" + X,
                        RollupJson.encode(alarm("suspect/" + X, "SUSPECT", X)));
                producer.flush();
                Collectors.await(
                        () -> rawCounts().getOrDefault(X, 0) == 2,
                        Duration.ofSeconds(20),
                        "the switch in alarm's raw updates were not handed over from the lookback: " + rawCounts());
                String link = X + "~" + Y;
                send(
                        producer,
                        FleetTopics.ALARMS,
                        "link-down/" + link,
                        RollupJson.encode(alarm("link-down/" + link, "LINK_DOWN", link)));
                producer.flush();
                Collectors.await(
                        () -> rawCounts().getOrDefault(Y, 0) == 2,
                        Duration.ofSeconds(20),
                        "the second switch's raw updates were not handed over: " + rawCounts());
                raw(producer, X, 3);
                raw(producer, Y, 3);
                raw(producer, OTHER, 3);
                producer.flush();
                Collectors.await(
                        () -> rawCounts().getOrDefault(X, 0) == 3 && rawCounts().getOrDefault(Y, 0) == 3,
                        Duration.ofSeconds(20),
                        "new raw updates were not handed over: " + rawCounts());
                Thread.sleep(500);
                assertEquals(
                        Map.of(X, 3, Y, 3),
                        rawCounts(),
                        "each device's updates once, though the partition was read again for the second");
                synchronized (handed) {
                    assertTrue(
                            handed.stream()
                                    .filter(e -> e instanceof IngestEvent.Notification n
                                            && n.source().equals(FleetRecorder.UPDATES))
                                    .flatMap(e -> ((IngestEvent.Notification) e).updates().stream())
                                    .noneMatch(u -> ExclusionEventRing.isInEntry(u.path())),
                            "no event-ring leaf among the raw updates");
                    assertEquals(
                            List.of(Alarm.Kind.SUSPECT, Alarm.Kind.LINKS_DOWN),
                            alarms.stream().map(Alarm::kind).toList(),
                            "the fleet's alarms, raised");
                    long arrival = Long.MIN_VALUE;
                    for (IngestEvent event : handed) {
                        assertTrue(event.arrivalMillis() >= arrival, "arrivals never go back");
                        arrival = event.arrivalMillis();
                    }
                }
            } finally {
                recorder.close();
            }
        }
    }

    private List<String> decisions() {
        List<String> ids = new ArrayList<>();
        synchronized (handed) {
            for (IngestEvent event : handed) {
                if (event instanceof IngestEvent.Notification n
                        && n.source().equals(FleetRecorder.DECISIONS)
                        && !n.updates().isEmpty()) {
                    ids.add(n.target() + "/"
                            + ExclusionEventRing.seqText(n.updates().getFirst().path()));
                }
            }
        }
        ids.sort(null);
        return ids;
    }

    private List<String> rollups() {
        List<String> seen = new ArrayList<>();
        synchronized (handed) {
            for (IngestEvent event : handed) {
                if (event instanceof IngestEvent.Rollup r && r.kind() == IngestEvent.Rollup.Kind.PLANE) {
                    PlaneRollup plane = RollupJson.decode(r.value(), PlaneRollup.class);
                    seen.add("PLANE/" + r.key() + " version " + plane.hosts());
                }
            }
        }
        return seen;
    }

    private Map<String, Integer> rawCounts() {
        Map<String, Integer> counts = new TreeMap<>();
        synchronized (handed) {
            for (IngestEvent event : handed) {
                if (event instanceof IngestEvent.Notification n && n.source().equals(FleetRecorder.UPDATES)) {
                    counts.merge(n.target(), 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    /** A plane record whose host count says which version it is. */
    private static PlaneRollup plane(int version) {
        return new PlaneRollup(
                0, System.currentTimeMillis(), version, 8, 1.0, 64, 0, 1e9, 1.0, 1.0, 0, 24, 0.5, 0.6, 0, 0, 0);
    }

    private static AlarmRollup alarm(String key, String kind, String subject) {
        return new AlarmRollup(key, kind, subject, 0, "MAJOR", subject, System.currentTimeMillis());
    }

    private static void decision(KafkaProducer<String, byte[]> producer, int partition, String host, long seq) {
        List<TelemetryUpdate> leaves = new ArrayList<>();
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.TIMESTAMP), TelemetryValue.uint(seq * 1_000)));
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.QPN), TelemetryValue.uint(7)));
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.EV), TelemetryValue.uint(1)));
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.PLANE), TelemetryValue.uint(0)));
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.LINKS), TelemetryValue.str(X + "~" + Y)));
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.FROM_STATE), TelemetryValue.str("GOOD")));
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.TO_STATE), TelemetryValue.str("ASSUMED_BAD")));
        leaves.add(leaf(ExclusionEventRing.field(seq, ExclusionEventRing.REASON), TelemetryValue.str("LOSS_TIMER")));
        producer.send(new ProducerRecord<>(
                FleetTopics.EXCLUSIONS,
                partition,
                host,
                GnmiRecords.encode(new IngestEvent.Notification(host, host, seq * 1_000, leaves, List.of(), 0))));
    }

    /** A notification of {@code device} as the collectors publish it raw: a counter, and an event-ring leaf. */
    private static void raw(KafkaProducer<String, byte[]> producer, String device, long sample) {
        List<TelemetryUpdate> leaves = List.of(
                leaf(
                        TelemetryPath.parse("/interfaces/interface[name=eth1]/state/counters/out-octets"),
                        TelemetryValue.uint(sample * 1_000_000)),
                leaf(ExclusionEventRing.field(sample, ExclusionEventRing.REASON), TelemetryValue.str("LOSS_TIMER")));
        send(
                producer,
                FleetTopics.UPDATES,
                device,
                GnmiRecords.encode(
                        new IngestEvent.Notification(device, device, sample * 1_000_000_000L, leaves, List.of(), 0)));
    }

    private static TelemetryUpdate leaf(TelemetryPath path, TelemetryValue value) {
        return new TelemetryUpdate(path, value);
    }

    private static void send(KafkaProducer<String, byte[]> producer, String topic, String key, byte[] value) {
        producer.send(new ProducerRecord<>(topic, key, value));
    }

    private static void createTopics(String bootstrap) throws Exception {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(props)) {
            Map<String, Integer> partitions = new HashMap<>();
            partitions.put(FleetTopics.PLANES, 1);
            partitions.put(FleetTopics.LINKS, 1);
            partitions.put(FleetTopics.SUSPECTS, 1);
            partitions.put(FleetTopics.ALARMS, 1);
            partitions.put(FleetTopics.EXCLUSIONS, 4);
            partitions.put(FleetTopics.UPDATES, 1);
            admin.createTopics(partitions.entrySet().stream()
                            .map(e -> new NewTopic(e.getKey(), e.getValue(), (short) 1))
                            .toList())
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    private static KafkaProducer<String, byte[]> producer(String bootstrap) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        return new KafkaProducer<>(props);
    }
}
