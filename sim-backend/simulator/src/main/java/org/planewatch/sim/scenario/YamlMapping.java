package org.planewatch.sim.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.planewatch.sim.config.Limits;
import org.planewatch.sim.input.Echo;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * One YAML mapping of a scenario file with its position: typed access to its values where every
 * failure becomes a {@link ScenarioException} naming the file, the line and the key path.
 */
final class YamlMapping {

    private final String file;
    private final String path;
    private final Node node;
    private final Map<String, NodeTuple> entries;

    private YamlMapping(String file, String path, Node node, Map<String, NodeTuple> entries) {
        this.file = file;
        this.path = path;
        this.node = node;
        this.entries = entries;
    }

    static YamlMapping of(String file, String path, Node node) throws ScenarioException {
        if (!(node instanceof MappingNode mapping)) {
            throw new ScenarioException(file, line(node), path, "expected a mapping of keys, got " + describe(node));
        }
        Map<String, NodeTuple> entries = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            Node key = tuple.getKeyNode();
            String childPath = join(path, key instanceof ScalarNode scalar ? scalar.getValue() : "?");
            if (!(key instanceof ScalarNode scalarKey) || scalarKey.getTag() != Tag.STR) {
                throw new ScenarioException(file, line(key), childPath, "keys must be plain names");
            }
            if (entries.put(scalarKey.getValue(), tuple) != null) {
                throw new ScenarioException(file, line(key), childPath, "duplicate key");
            }
        }
        return new YamlMapping(file, path, node, entries);
    }

    String file() {
        return file;
    }

    String path() {
        return path;
    }

    int line() {
        return line(node);
    }

    Set<String> keys() {
        return entries.keySet();
    }

    boolean has(String key) {
        return entries.containsKey(key);
    }

    String pathOf(String key) {
        return join(path, key);
    }

    int lineOf(String key) {
        return line(entries.get(key).getKeyNode());
    }

    Node valueNode(String key) {
        return entries.get(key).getValueNode();
    }

    ScenarioException error(String key, String problem) {
        return new ScenarioException(file, has(key) ? lineOf(key) : line(), pathOf(key), problem);
    }

    ScenarioException errorHere(String problem) {
        return new ScenarioException(file, line(), path, problem);
    }

    void requirePresent(String key) throws ScenarioException {
        if (!has(key)) {
            throw error(key, "missing required key");
        }
    }

    /** Rejects the first key (in file order) that is not allowed, suggesting the closest allowed one. */
    void rejectUnknownKeys(Collection<String> allowed) throws ScenarioException {
        for (String key : entries.keySet()) {
            if (!allowed.contains(key)) {
                throw error(key, "unknown key " + Echo.quoted(key) + " " + suggestion(key, allowed));
            }
        }
    }

    YamlMapping mapping(String key) throws ScenarioException {
        return of(file, pathOf(key), valueNode(key));
    }

    /** The mappings of a list value, each with its indexed path ({@code faults[2]}). */
    List<YamlMapping> mappings(String key) throws ScenarioException {
        Node value = valueNode(key);
        if (!(value instanceof SequenceNode sequence)) {
            throw error(key, "expected a list, got " + describe(value));
        }
        List<YamlMapping> result = new ArrayList<>();
        for (int i = 0; i < sequence.getValue().size(); i++) {
            result.add(of(file, pathOf(key) + "[" + i + "]", sequence.getValue().get(i)));
        }
        return result;
    }

    String string(String key) throws ScenarioException {
        return scalar(key, "a string").getValue();
    }

    long longValue(String key) throws ScenarioException {
        String text = number(key, "an integer").getValue().replace("_", "");
        try {
            return Long.decode(text);
        } catch (NumberFormatException e) {
            throw error(key, "expected an integer, got " + Echo.quoted(text));
        }
    }

    int intValue(String key) throws ScenarioException {
        long value = longValue(key);
        if (value != (int) value) {
            throw error(key, "integer " + value + " is out of range");
        }
        return (int) value;
    }

    double doubleValue(String key) throws ScenarioException {
        String text = number(key, "a number").getValue().replace("_", "");
        try {
            double value = Double.parseDouble(text);
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the text as written
        }
        throw error(key, "expected a number, got " + Echo.quoted(text));
    }

    boolean booleanValue(String key) throws ScenarioException {
        ScalarNode scalar = scalar(key, "true or false");
        if (scalar.getTag() != Tag.BOOL) {
            throw error(key, "expected true or false, got " + Echo.quoted(scalar.getValue()));
        }
        String text = scalar.getValue().toLowerCase(Locale.ROOT);
        return text.equals("true") || text.equals("yes") || text.equals("on") || text.equals("y");
    }

    long nonNegativeLong(String key) throws ScenarioException {
        long value = longValue(key);
        if (value < 0) {
            throw error(key, "must be >= 0, got " + value);
        }
        return value;
    }

    /** A time written in microseconds (fractions allowed), as whole nanoseconds; never negative. */
    long microsAsNanos(String key) throws ScenarioException {
        double micros = doubleValue(key);
        if (micros < 0) {
            throw error(
                    key,
                    "must be >= 0, got "
                            + Echo.truncated(number(key, "a number").getValue()));
        }
        if (micros * 1_000 > Limits.MAX_TIME_NS) {
            throw error(
                    key,
                    "must be <= " + Limits.grouped(Limits.MAX_TIME_NS / 1_000)
                            + " us (1000 s, the longest simulated time), got "
                            + Echo.truncated(number(key, "a number").getValue()));
        }
        return Math.round(micros * 1_000);
    }

    private ScalarNode scalar(String key, String expected) throws ScenarioException {
        Node value = valueNode(key);
        if (!(value instanceof ScalarNode scalar) || scalar.getTag() == Tag.NULL) {
            throw error(key, "expected " + expected + ", got " + describe(value));
        }
        return scalar;
    }

    /** Numbers must be written plain: a quoted "7" is a string, and a string where a number belongs is a typo. */
    private ScalarNode number(String key, String expected) throws ScenarioException {
        ScalarNode scalar = scalar(key, expected);
        boolean plain = scalar.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN;
        if (!plain || scalar.getTag() == Tag.BOOL || !looksNumeric(scalar.getValue())) {
            throw error(key, "expected " + expected + ", got " + describe(scalar));
        }
        return scalar;
    }

    private static boolean looksNumeric(String text) {
        return text.matches("[-+]?(0x[0-9a-fA-F_]+|[0-9_]*\\.?[0-9_]+([eE][-+]?[0-9]+)?|[0-9_]+\\.)");
    }

    static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }

    static String describe(Node node) {
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        ScalarNode scalar = (ScalarNode) node;
        if (scalar.getTag() == Tag.NULL) {
            return "nothing";
        }
        boolean quoted = scalar.getScalarStyle() != DumperOptions.ScalarStyle.PLAIN;
        return (quoted ? "the string " : "") + Echo.quoted(scalar.getValue());
    }

    /** A key path; a key too long to read whole is shown truncated. */
    private static String join(String path, String key) {
        String shown = Echo.truncated(key);
        return path.isEmpty() ? shown : path + "." + shown;
    }

    static String suggestion(String key, Collection<String> allowed) {
        String typed = key.toLowerCase(Locale.ROOT);
        String closest = allowed.stream()
                .min(Comparator.comparingInt(candidate -> editDistance(typed, candidate.toLowerCase(Locale.ROOT))))
                .orElse(null);
        if (closest != null && editDistance(typed, closest.toLowerCase(Locale.ROOT)) <= Math.max(2, key.length() / 4)) {
            return "(did you mean '" + closest + "'?)";
        }
        return "(expected one of: " + String.join(", ", allowed) + ")";
    }

    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
