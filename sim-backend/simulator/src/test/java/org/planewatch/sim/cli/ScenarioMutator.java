package org.planewatch.sim.cli;

import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.config.TransportConfig;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Random mutations of a scenario file, from one seeded {@link Random}: a value of another type, a
 * negative, huge, NaN or infinite number, a missing or unknown key, a list entry repeated, or raw
 * bytes (binary garbage, a truncated file, a flipped byte). Each mutant says what was done to it.
 */
final class ScenarioMutator {

    /** A mutated file and the mutations that made it. */
    record Mutant(byte[] bytes, List<String> mutations) {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static final Object[] ODD_VALUES = {
        "seven",
        "",
        "x".repeat(5_000),
        "h\u00f6st-\u4e2d",
        true,
        false,
        null,
        List.of(1, 2),
        Map.of("a", 1),
        0,
        1,
        -1,
        -5,
        Integer.MAX_VALUE,
        2_147_483_648L,
        Long.MAX_VALUE,
        Long.MIN_VALUE,
        -2_147_483_649L,
        1.0e300,
        -1.0e300,
        1.0e-300,
        1.0e15,
        1.0e19,
        0.5,
        -0.0,
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        "0x7fffffff",
        "1_000_000_000_000",
        "1" + "0".repeat(400),
        "~",
        "p0-t0-0~p0-t1-0",
        "host-999999999~p0-t0-0",
        "p2147483647-t1-0",
    };
    /** Numbers at the edges of what a field takes: still numbers, so the file often loads and runs. */
    private static final Object[] EDGE_NUMBERS = {
        0,
        1,
        2,
        3,
        7,
        64,
        1_000,
        65_536,
        1_000_000,
        Integer.MAX_VALUE,
        1_000_000_000_000L,
        999_999_999.5,
        0.001,
        0.999,
        1.0e-9,
        2.5,
        100.0,
        1.0e6,
    };

    private static final List<String> SECTIONS = List.of("fabric", "transport", "workload");
    /** The keys each section takes: the configuration records' components. */
    private static final Map<String, List<String>> SECTION_KEYS = Map.of(
            "fabric", components(FabricConfig.class),
            "transport",
                    components(TransportConfig.class).stream()
                            .filter(k -> !k.equals("mode"))
                            .toList(),
            "workload", List.of("messageBytes", "repeat", "hosts", "senders", "receiver", "computeGapNs"));

    private static final String[] KEYS = {
        "planes",
        "hostsPerT0",
        "t0PerPlane",
        "t1PerPlane",
        "linkGbps",
        "linkDelayNs",
        "mtuBytes",
        "queueBytes",
        "evsPerQp",
        "evMinActive",
        "qpTimerExponent",
        "messageBytes",
        "repeat",
        "hosts",
        "senders",
        "receiver",
        "atUs",
        "periodUs",
        "downUs",
        "count",
        "durationUs",
        "seed",
        "type",
        "mode",
        "action",
        "link",
        "plane",
        "nsccGamma",
        "nsccMaxCwndBdp",
        "evLossTimerRtts",
        "ackEveryPackets",
        "headerBurstPackets",
        "computeGapNs",
        "bogus",
        "k".repeat(3_000),
    };

    private final Random random;
    private final Yaml yaml;

    ScenarioMutator(Random random) {
        this.random = random;
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(Integer.MAX_VALUE);
        this.yaml = new Yaml(new SafeConstructor(new LoaderOptions()), new Representer(options), options);
    }

    /** One to three mutations of {@code original}: structural most of the time, raw bytes sometimes. */
    Mutant mutate(String original) {
        List<String> done = new ArrayList<>();
        if (random.nextInt(8) == 0) {
            return raw(original.getBytes(StandardCharsets.UTF_8), done);
        }
        Object tree = copy(yaml.load(original));
        int count = 1 + random.nextInt(2);
        for (int i = 0; i < count; i++) {
            tree = structural(tree, done);
        }
        byte[] bytes = yaml.dump(tree).getBytes(StandardCharsets.UTF_8);
        return random.nextInt(10) == 0 ? raw(bytes, done) : new Mutant(bytes, done);
    }

    private Object structural(Object tree, List<String> done) {
        List<Object[]> slots = new ArrayList<>();
        collect(tree, slots);
        if (slots.isEmpty()) {
            done.add("whole document -> mapping");
            return copy(Map.of("name", "x"));
        }
        if (tree instanceof Map<?, ?> && random.nextInt(4) == 0) {
            @SuppressWarnings("unchecked")
            Map<Object, Object> root = (Map<Object, Object>) tree;
            String section = SECTIONS.get(random.nextInt(SECTIONS.size()));
            List<String> keys = SECTION_KEYS.get(section);
            String key = keys.get(random.nextInt(keys.size()));
            Object edge = EDGE_NUMBERS[random.nextInt(EDGE_NUMBERS.length)];
            Object existing = root.get(section);
            Map<Object, Object> target =
                    existing instanceof Map<?, ?> m ? (Map<Object, Object>) m : new LinkedHashMap<>();
            target.put(key, edge);
            root.put(section, target);
            done.add(section + "." + key + " = " + edge);
            return tree;
        }
        List<Object[]> numbers =
                slots.stream().filter(s -> value(s) instanceof Number).toList();
        if (!numbers.isEmpty() && random.nextInt(5) < 2) {
            Object[] slot = numbers.get(random.nextInt(numbers.size()));
            Object edge = EDGE_NUMBERS[random.nextInt(EDGE_NUMBERS.length)];
            set(slot[0], slot[1], edge);
            done.add(slot[1] + " = " + edge);
            return tree;
        }
        Object[] slot = slots.get(random.nextInt(slots.size()));
        Object container = slot[0];
        Object key = slot[1];
        switch (random.nextInt(6)) {
            case 0, 1, 2 -> {
                Object value = ODD_VALUES[random.nextInt(ODD_VALUES.length)];
                set(container, key, value);
                done.add(key + " = " + abbreviated(value));
            }
            case 3 -> {
                if (container instanceof Map<?, ?> map) {
                    map.remove(key);
                    done.add("remove " + key);
                } else {
                    @SuppressWarnings("unchecked")
                    List<Object> list = (List<Object>) container;
                    list.add(copy(list.get((Integer) key)));
                    done.add("repeat entry " + key);
                }
            }
            case 4 -> {
                if (container instanceof Map<?, ?>) {
                    @SuppressWarnings("unchecked")
                    Map<Object, Object> map = (Map<Object, Object>) container;
                    String added = KEYS[random.nextInt(KEYS.length)];
                    Object value = ODD_VALUES[random.nextInt(ODD_VALUES.length)];
                    map.put(added, copy(value));
                    done.add("add " + abbreviated(added) + " = " + abbreviated(value));
                } else {
                    set(container, key, new LinkedHashMap<>(Map.of("atUs", 1)));
                    done.add("entry " + key + " = {atUs: 1}");
                }
            }
            default -> {
                Object value = value(slot);
                if (value instanceof Number number) {
                    Object scaled = scale(number);
                    set(container, key, scaled);
                    done.add(key + " = " + abbreviated(scaled));
                } else {
                    set(container, key, List.of(value == null ? "null" : value));
                    done.add(key + " = [" + abbreviated(value) + "]");
                }
            }
        }
        return tree;
    }

    /** A number near an edge: times a power of ten, negated, or a type's extreme. */
    private Object scale(Number number) {
        return switch (random.nextInt(5)) {
            case 0 -> number.doubleValue() * Math.pow(10, 3 + random.nextInt(20));
            case 1 -> -number.doubleValue();
            case 2 -> number.longValue() * 1_000_000L;
            case 3 -> Integer.MAX_VALUE - random.nextInt(3);
            default -> number.longValue() + 1;
        };
    }

    private Mutant raw(byte[] bytes, List<String> done) {
        byte[] result;
        switch (random.nextInt(4)) {
            case 0 -> {
                result = new byte[64 + random.nextInt(512)];
                random.nextBytes(result);
                done.add("binary garbage, " + result.length + " bytes");
            }
            case 1 -> {
                int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
                byte[] garbage = new byte[1 + random.nextInt(16)];
                random.nextBytes(garbage);
                result = new byte[bytes.length + garbage.length];
                System.arraycopy(bytes, 0, result, 0, at);
                System.arraycopy(garbage, 0, result, at, garbage.length);
                System.arraycopy(bytes, at, result, at + garbage.length, bytes.length - at);
                done.add(garbage.length + " random bytes inserted at " + at);
            }
            case 2 -> {
                int length = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
                result = Arrays.copyOf(bytes, length);
                done.add("truncated at byte " + length);
            }
            default -> {
                result = bytes.clone();
                if (result.length > 0) {
                    int at = random.nextInt(result.length);
                    result[at] = (byte) random.nextInt(256);
                    done.add("byte " + at + " = " + (result[at] & 0xff));
                }
            }
        }
        return new Mutant(result, done);
    }

    private static List<String> components(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents())
                .map(RecordComponent::getName)
                .filter(name -> !name.equals("trimming") && !name.equals("ecmpAllPlanes"))
                .toList();
    }

    private static Object value(Object[] slot) {
        return slot[0] instanceof Map<?, ?> map ? map.get(slot[1]) : ((List<?>) slot[0]).get((Integer) slot[1]);
    }

    /** Every (container, key) of the tree: map entries and list elements, nested ones too. */
    private static void collect(Object node, List<Object[]> slots) {
        if (node instanceof Map<?, ?> map) {
            for (Object key : new ArrayList<>(map.keySet())) {
                slots.add(new Object[] {map, key});
                collect(map.get(key), slots);
            }
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                slots.add(new Object[] {list, i});
                collect(list.get(i), slots);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void set(Object container, Object key, Object value) {
        if (container instanceof Map<?, ?> map) {
            ((Map<Object, Object>) map).put(key, copy(value));
        } else {
            ((List<Object>) container).set((Integer) key, copy(value));
        }
    }

    /** A mutable deep copy (the YAML loader's collections and the odd values may be immutable). */
    private static Object copy(Object node) {
        if (node instanceof Map<?, ?> map) {
            Map<Object, Object> result = new LinkedHashMap<>();
            map.forEach((k, v) -> result.put(k, copy(v)));
            return result;
        }
        if (node instanceof List<?> list) {
            List<Object> result = new ArrayList<>();
            list.forEach(v -> result.add(copy(v)));
            return result;
        }
        return node;
    }

    private static String abbreviated(Object value) {
        String text = String.valueOf(value);
        return text.length() > 30 ? text.substring(0, 30) + "...(" + text.length() + " chars)" : text;
    }
}
