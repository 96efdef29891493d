package org.planewatch.console.bench.fleet;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.Utils;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.telemetry.schema.InterfaceLeaves;

/**
 * What a drill-down's look-back holds of one device's counters: every sample of the leaves whose path
 * contains {@code --leaf} in the updates topic, from {@code --before} seconds ahead of the look-back to
 * the instant {@code --at} (epoch milliseconds, by the records' timestamps), sorted into the counters
 * with two samples or more in the look-back (a rate), none (still before it: the remembered record's
 * kept value, ADR 0147), one that repeats the value before (the agent's one repeat of a stopped
 * counter: kept), and one that moved again after standing still (no rate until the next sample).
 * Full-scale run 31 (docs/benchmarks.md) read p0-t0-0 with it on the broker the run left behind.
 *
 * <pre>
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.fleet.CounterSamples \
 *     --bootstrap 127.0.0.1:PORT --device p0-t0-0 --at EPOCH_MS [--leaf out-octets --look-back 150 --before 300]
 * </pre>
 */
public final class CounterSamples {
    private static final List<String> FLAGS =
            List.of("--bootstrap", "--device", "--leaf", "--at", "--look-back", "--before");

    private CounterSamples() {}

    /** One sample of a counter: its record's timestamp and value. */
    private record Sample(long atMillis, String value) {}

    public static void main(String[] args) {
        Map<String, String> options = FlagValues.parse("CounterSamples", FLAGS, args);
        for (String required : List.of("--bootstrap", "--device", "--at")) {
            if (!options.containsKey(required)) {
                System.err.println("CounterSamples: give " + required + " (usage in the class's comment)");
                System.exit(2);
            }
        }
        String device = options.get("--device");
        String leaf = options.getOrDefault("--leaf", InterfaceLeaves.OUT_OCTETS);
        long at = Long.parseLong(options.get("--at"));
        long lookBackStart = at - Long.parseLong(options.getOrDefault("--look-back", "150")) * 1_000;
        long from = lookBackStart - Long.parseLong(options.getOrDefault("--before", "300")) * 1_000;
        Map<String, List<Sample>> byPath = read(options.get("--bootstrap"), device, leaf, from, at);
        int rated = 0;
        int none = 0;
        int repeat = 0;
        List<String> movedAgain = new ArrayList<>();
        for (Map.Entry<String, List<Sample>> counter : byPath.entrySet()) {
            List<Sample> before = counter.getValue().stream()
                    .filter(s -> s.atMillis() < lookBackStart)
                    .toList();
            List<Sample> within = counter.getValue().stream()
                    .filter(s -> s.atMillis() >= lookBackStart)
                    .toList();
            if (within.size() >= 2) {
                rated++;
            } else if (within.isEmpty()) {
                none++;
            } else if (!before.isEmpty()
                    && before.getLast().value().equals(within.getFirst().value())) {
                repeat++;
            } else {
                movedAgain.add(counter.getKey() + " " + counter.getValue());
            }
        }
        movedAgain.forEach(System.out::println);
        System.out.printf(
                Locale.ROOT,
                "%s: %d counters with '%s'; in the look-back: %d with two samples or more, %d with none, %d with"
                        + " one repeating the value before, %d with one that moved again after standing still%n",
                device,
                byPath.size(),
                leaf,
                rated,
                none,
                repeat,
                movedAgain.size());
    }

    private static Map<String, List<Sample>> read(String bootstrap, String device, String leaf, long from, long to) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 8 << 20);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        Map<String, List<Sample>> byPath = new TreeMap<>();
        NotificationRecords.Reader reader = NotificationRecords.reader();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props)) {
            int partitions = consumer.partitionsFor(FleetTopics.UPDATES).size();
            TopicPartition partition = new TopicPartition(
                    FleetTopics.UPDATES,
                    Utils.toPositive(Utils.murmur2(device.getBytes(StandardCharsets.UTF_8))) % partitions);
            consumer.assign(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            OffsetAndTimestamp start =
                    consumer.offsetsForTimes(Map.of(partition, from)).get(partition);
            consumer.seek(partition, start == null ? end : start.offset());
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofSeconds(2))) {
                    if (record.timestamp() > to) {
                        return byPath;
                    }
                    if (!device.equals(record.key())) {
                        continue;
                    }
                    IngestEvent.Notification n = reader.decode(record.value(), "samples", record.timestamp());
                    for (TelemetryUpdate update : n.updates()) {
                        String path = update.path().toString();
                        if (path.contains(leaf)) {
                            byPath.computeIfAbsent(path, p -> new ArrayList<>())
                                    .add(new Sample(record.timestamp(), String.valueOf(update.value())));
                        }
                    }
                }
            }
        }
        return byPath;
    }
}
