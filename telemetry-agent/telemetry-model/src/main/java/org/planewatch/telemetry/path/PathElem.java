package org.planewatch.telemetry.path;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One element of a gNMI path: a name and its list keys ({@code interface[name=eth0]}).
 *
 * <p>Keys are kept sorted by key name so that equal paths print and hash alike.
 *
 * @param name element name; {@code *} and {@code ...} are wildcards in patterns
 * @param keys key name to key value; a value {@code *} is a wildcard in patterns
 */
public record PathElem(String name, Map<String, String> keys) {

    /** Matches exactly one element of any name. */
    public static final String ANY = "*";
    /** Matches zero or more elements. */
    public static final String ANY_DEPTH = "...";

    public PathElem {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("path element name is empty");
        }
        keys = switch (keys.size()) {
            case 0 -> Map.of();
            // One key is sorted already; most list entries (interface, qp, event) have one.
            case 1 -> {
                Map.Entry<String, String> key = keys.entrySet().iterator().next();
                yield Map.of(key.getKey(), key.getValue());
            }
            default -> Collections.unmodifiableSortedMap(new TreeMap<>(keys));
        };
    }

    public static PathElem of(String name) {
        return new PathElem(name, Map.of());
    }

    public static PathElem of(String name, String key, String value) {
        return new PathElem(name, Map.of(key, value));
    }

    public String key(String keyName) {
        return keys.get(keyName);
    }

    public boolean isWildcard() {
        return name.equals(ANY) || name.equals(ANY_DEPTH) || keys.containsValue(ANY);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(escapeName(name));
        keys.forEach((k, v) ->
                out.append('[').append(k).append('=').append(escapeValue(v)).append(']'));
        return out.toString();
    }

    private static String escapeName(String s) {
        return s.replace("\\", "\\\\").replace("/", "\\/").replace("[", "\\[");
    }

    private static String escapeValue(String s) {
        return s.replace("\\", "\\\\").replace("]", "\\]");
    }
}
