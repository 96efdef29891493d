package org.planewatch.telemetry.yang;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The leaves of YANG modules, read from yanglint's tree output ({@code yanglint -f tree}, RFC 8340
 * format): per module, each leaf's data path without keys or prefixes ({@code /planes/plane/state/tx-pkts}).
 */
public final class YangTree {

    /**
     * One leaf.
     *
     * @param path data path without keys or prefixes
     * @param type the type as the tree shows it (a typedef name or a built-in type)
     * @param key whether it is a key of its list
     * @param config whether it is configuration (rw) rather than state (ro)
     */
    public record Leaf(String path, String type, boolean key, boolean config) {}

    private static final Pattern MODULE = Pattern.compile("^module: (\\S+)$");
    private static final Pattern NODE = Pattern.compile(
            "^(?<indent>[ |]*)[+xo]--(?<flags>\\S+)\\s+(?<name>[^\\s?*!]+)(?<mark>[?*!]?)(?:\\s+(?<rest>.*))?$");
    private static final Pattern KEYS = Pattern.compile("^\\[(.*)]$");

    private YangTree() {}

    /** Module name to its leaves by path, in tree order. */
    public static Map<String, Map<String, Leaf>> parse(String tree) {
        Map<String, Map<String, Leaf>> modules = new LinkedHashMap<>();
        Map<String, Leaf> current = null;
        List<String> names = new ArrayList<>();
        List<Set<String>> keys = new ArrayList<>();
        for (String line : tree.lines().toList()) {
            Matcher module = MODULE.matcher(line);
            if (module.matches()) {
                current = modules.computeIfAbsent(module.group(1), m -> new LinkedHashMap<>());
                names.clear();
                keys.clear();
                continue;
            }
            Matcher node = NODE.matcher(line);
            if (current == null || !node.matches()) {
                continue;
            }
            int depth = (node.group("indent").length() - 2) / 3;
            String name = node.group("name");
            name = name.substring(name.indexOf(':') + 1);
            String rest = node.group("rest") == null ? "" : node.group("rest").strip();
            while (names.size() > depth) {
                names.removeLast();
                keys.removeLast();
            }
            Set<String> parentKeys = depth == 0 ? Set.of() : keys.get(depth - 1);
            Matcher listKeys = KEYS.matcher(rest);
            names.add(name);
            keys.add(listKeys.matches() ? Set.of(listKeys.group(1).split("\\s+")) : Set.of());
            if (!rest.isEmpty() && !listKeys.matches()) {
                String path = "/" + String.join("/", names);
                current.put(
                        path,
                        new Leaf(
                                path,
                                rest.split("\\s+")[0],
                                parentKeys.contains(name),
                                node.group("flags").equals("rw")));
            }
        }
        return modules;
    }
}
