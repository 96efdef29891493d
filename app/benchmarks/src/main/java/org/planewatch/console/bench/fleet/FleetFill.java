package org.planewatch.console.bench.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.planewatch.console.state.DeviceName;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.FleetTopics;
import org.planewatch.fleet.LinkRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.RollupJson;
import org.planewatch.fleet.SuspectRollup;

/**
 * Writes a fabric's rollups into a broker as the collector tier would (planes, every link, a few
 * suspects and alarms), so that the console's fleet source can be measured at full scale without the
 * hour a full pipeline takes to fill them ({@link FleetReadBench}). The values are made up from a
 * fixed seed, the names and counts are the fabric's: each host has one link to a T0 in every plane,
 * every T0 one to every T1 of its plane. With {@code --live N} it goes on as collectors do: the planes
 * and suspects once a second and N links a second, until killed; stop it to see the rollups go stale.
 * {@code --fill false} skips the fill (a second process keeping a filled broker live).
 *
 * <pre>
 * java -cp app/target/planewatch-console-bench.jar org.planewatch.console.bench.fleet.FleetFill \
 *     --bootstrap 127.0.0.1:PORT [--planes 8 --t0 512 --t1 256 --hosts-per-t0 256 --partitions 12 --live 9000 --fill false]
 * </pre>
 */
public final class FleetFill {
    private static final List<String> FLAGS = List.of(
            "--bootstrap", "--planes", "--t0", "--t1", "--hosts-per-t0", "--partitions", "--live", "--seed", "--fill");
    /** Links down in each plane (a scripted incident leaves a handful). */
    private static final int DOWN_PER_PLANE = 3;

    private final int planes;
    private final int t0;
    private final int t1;
    private final int hostsPerT0;
    private final SplittableRandom random;
    private final KafkaProducer<String, byte[]> producer;

    private FleetFill(Map<String, String> options, KafkaProducer<String, byte[]> producer) {
        this.planes = Integer.parseInt(options.getOrDefault("--planes", "8"));
        this.t0 = Integer.parseInt(options.getOrDefault("--t0", "512"));
        this.t1 = Integer.parseInt(options.getOrDefault("--t1", "256"));
        this.hostsPerT0 = Integer.parseInt(options.getOrDefault("--hosts-per-t0", "256"));
        this.random = new SplittableRandom(Long.parseLong(options.getOrDefault("--seed", "20261128")));
        this.producer = producer;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = FlagValues.parse("FleetFill", FLAGS, args);
        String bootstrap = options.get("--bootstrap");
        if (bootstrap == null) {
            System.err.println("FleetFill: give --bootstrap HOST:PORT (the broker to fill)");
            System.exit(2);
        }
        createTopics(bootstrap, Integer.parseInt(options.getOrDefault("--partitions", "12")));
        try (KafkaProducer<String, byte[]> producer = producer(bootstrap)) {
            FleetFill fill = new FleetFill(options, producer);
            if (Boolean.parseBoolean(options.getOrDefault("--fill", "true"))) {
                long start = System.nanoTime();
                long links = fill.everything(System.currentTimeMillis());
                producer.flush();
                say("filled: %d planes, %,d links, suspects and alarms in %.1f s", fill.planes, links, secs(start));
            }
            int live = Integer.parseInt(options.getOrDefault("--live", "0"));
            if (live > 0) {
                fill.goOn(live);
            }
        }
    }

    /** The rollup topics, compacted as the collectors create them, where missing. */
    private static void createTopics(String bootstrap, int linkPartitions) throws Exception {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(props)) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            Map<String, String> compacted = Map.of(
                    TopicConfig.CLEANUP_POLICY_CONFIG,
                    TopicConfig.CLEANUP_POLICY_COMPACT,
                    TopicConfig.SEGMENT_MS_CONFIG,
                    "60000",
                    TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG,
                    "0.1");
            List<NewTopic> missing = new ArrayList<>();
            for (String topic : List.of(FleetTopics.PLANES, FleetTopics.SUSPECTS, FleetTopics.ALARMS)) {
                if (!existing.contains(topic)) {
                    missing.add(new NewTopic(topic, 1, (short) 1).configs(compacted));
                }
            }
            if (!existing.contains(FleetTopics.LINKS)) {
                missing.add(new NewTopic(FleetTopics.LINKS, linkPartitions, (short) 1).configs(compacted));
            }
            if (!existing.contains(FleetTopics.EXCLUSIONS)) {
                missing.add(new NewTopic(FleetTopics.EXCLUSIONS, linkPartitions, (short) 1));
            }
            admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
        }
    }

    private static KafkaProducer<String, byte[]> producer(String bootstrap) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        props.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(256 * 1024));
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return new KafkaProducer<>(props);
    }

    /** Every link, then the planes, suspects and alarms; returns the number of links written. */
    private long everything(long now) {
        long links = 0;
        for (int p = 0; p < planes; p++) {
            for (int lower = 0; lower < t0; lower++) {
                for (int h = 0; h < hostsPerT0; h++) {
                    send(FleetTopics.LINKS, hostLink(p, lower, lower * hostsPerT0 + h, now));
                    links++;
                }
                for (int upper = 0; upper < t1; upper++) {
                    send(FleetTopics.LINKS, coreLink(p, lower, upper, now));
                    links++;
                }
            }
        }
        planesAndSuspects(now);
        for (int p = 0; p < planes; p++) {
            String link = coreName(p, 0, p);
            send(
                    FleetTopics.ALARMS,
                    new AlarmRollup(
                            "link-down/" + link, "LINK_DOWN", link, p, "MAJOR", "link " + link + " is down", now));
        }
        return links;
    }

    /** Planes and suspects now, then {@code linksPerSecond} links a second, until the process is killed. */
    private void goOn(int linksPerSecond) throws InterruptedException {
        say("live: planes and suspects every second, %,d links a second, until killed", linksPerSecond);
        long next = System.currentTimeMillis();
        while (true) {
            long now = System.currentTimeMillis();
            planesAndSuspects(now);
            for (int i = 0; i < linksPerSecond; i++) {
                int p = random.nextInt(planes);
                int lower = random.nextInt(t0);
                send(
                        FleetTopics.LINKS,
                        random.nextBoolean()
                                ? hostLink(p, lower, lower * hostsPerT0 + random.nextInt(hostsPerT0), now)
                                : coreLink(p, lower, random.nextInt(t1), now));
            }
            producer.flush();
            next += FleetTopics.ROLLUP_INTERVAL_MILLIS;
            Thread.sleep(Math.max(0, next - System.currentTimeMillis()));
        }
    }

    private void planesAndSuspects(long now) {
        int hosts = t0 * hostsPerT0;
        long evs = (long) hosts * 128;
        for (int p = 0; p < planes; p++) {
            long out = p == 0 ? evs / 200 : 0;
            send(
                    FleetTopics.PLANES,
                    new PlaneRollup(
                            p,
                            now,
                            hosts,
                            t0 + t1,
                            (evs - out) / (double) evs,
                            evs - out,
                            out,
                            hosts * 60e9,
                            0.002,
                            0.0005,
                            DOWN_PER_PLANE,
                            hosts + t0 * t1,
                            0.6,
                            0.93,
                            1,
                            0,
                            0));
            String link = coreName(p, 0, p);
            send(
                    FleetTopics.SUSPECTS,
                    new SuspectRollup(
                            link,
                            "link",
                            p,
                            1,
                            0.9,
                            hostsPerT0,
                            64,
                            3,
                            1_000_000L,
                            "every failing path crosses " + link,
                            now));
        }
    }

    private LinkRollup hostLink(int plane, int lower, int host, long now) {
        String name =
                DeviceName.linkId(DeviceName.parse("host-" + host), DeviceName.parse("p" + plane + "-t0-" + lower));
        double utilization = 0.4 + 0.3 * random.nextDouble();
        return new LinkRollup(name, plane, "HOST_T0", "UP", utilization * 100e9, utilization, 0.001, 0.0, 100e9, now);
    }

    private LinkRollup coreLink(int plane, int lower, int upper, long now) {
        boolean down = lower == 0 && upper < DOWN_PER_PLANE;
        double utilization = down ? 0 : 0.3 + 0.6 * random.nextDouble();
        return new LinkRollup(
                coreName(plane, lower, upper),
                plane,
                "T0_T1",
                down ? "DOWN" : "UP",
                utilization * 100e9,
                utilization,
                down ? 0 : 0.0005,
                0.0,
                100e9,
                now);
    }

    private static String coreName(int plane, int lower, int upper) {
        return DeviceName.linkId(
                DeviceName.parse("p" + plane + "-t0-" + lower), DeviceName.parse("p" + plane + "-t1-" + upper));
    }

    private void send(String topic, LinkRollup link) {
        producer.send(new ProducerRecord<>(topic, link.link(), RollupJson.encode(link)));
    }

    private void send(String topic, PlaneRollup plane) {
        producer.send(new ProducerRecord<>(topic, Integer.toString(plane.plane()), RollupJson.encode(plane)));
    }

    private void send(String topic, SuspectRollup suspect) {
        producer.send(new ProducerRecord<>(topic, suspect.name(), RollupJson.encode(suspect)));
    }

    private void send(String topic, AlarmRollup alarm) {
        producer.send(new ProducerRecord<>(topic, alarm.key(), RollupJson.encode(alarm)));
    }

    private static double secs(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static void say(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
        System.out.flush();
    }
}
