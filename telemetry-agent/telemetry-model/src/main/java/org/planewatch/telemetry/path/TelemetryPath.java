package org.planewatch.telemetry.path;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A gNMI path: an origin and a list of elements, printed in the gNMI string form
 * {@code origin:/a/b[k=v]/c} (no origin prefix for OpenConfig, whose origin is empty).
 *
 * <p>Escapes inside the string form: {@code \/} and {@code \[} in names, {@code \]} in key values,
 * {@code \\} everywhere. Key values may contain {@code /} unescaped ({@code [name=Ethernet1/1]}).
 *
 * <p>Immutable. Paths are map keys on hot paths (snapshots, diffs, subscription buffers), so the hash,
 * the string form and the key-less shape are computed once.
 */
public final class TelemetryPath implements Comparable<TelemetryPath> {

    /** The origin OpenConfig paths use on the wire; treated as equal to the empty origin. */
    public static final String OPENCONFIG = "openconfig";

    public static final TelemetryPath ROOT = new TelemetryPath("", List.of());

    private final String origin;
    private final List<PathElem> elems;
    private final int hash;
    private String text;
    private String shape;
    private TelemetryPath parent;

    /**
     * @param origin schema origin: empty for OpenConfig ({@code openconfig} is folded into it), {@code mrc}, {@code sim}
     * @param elems the elements from the root
     */
    public TelemetryPath(String origin, List<PathElem> elems) {
        Objects.requireNonNull(origin, "origin");
        this.origin = origin.equals(OPENCONFIG) ? "" : origin;
        this.elems = List.copyOf(elems);
        this.hash = spread(this.origin, this.elems);
    }

    /**
     * A 64-bit FNV-1a hash over origin, names, keys and values (with separators) folded to 32 bits.
     * The default polynomial hashes of records and lists collide in structured ways across paths that
     * differ only in key values, which turns large hash maps of paths into long chains. Computed from
     * the parts, without formatting the string form.
     */
    private static int spread(String origin, List<PathElem> elems) {
        long h = fnv(0xcbf29ce484222325L, origin);
        for (PathElem e : elems) {
            h = fnv(mix(h, '/'), e.name());
            if (e.keys().isEmpty()) {
                continue; // no entry-set iterator for the many elements without keys
            }
            for (Map.Entry<String, String> k : e.keys().entrySet()) {
                h = fnv(mix(fnv(mix(h, '['), k.getKey()), '='), k.getValue());
            }
        }
        return (int) (h ^ (h >>> 32));
    }

    private static long fnv(long h, String s) {
        for (int i = 0; i < s.length(); i++) {
            h = mix(h, s.charAt(i));
        }
        return h;
    }

    private static long mix(long h, char c) {
        return (h ^ c) * 0x100000001b3L;
    }

    public String origin() {
        return origin;
    }

    public List<PathElem> elems() {
        return elems;
    }

    /** Origin and element names without keys ({@code mrc:/planes/plane/state/tx-pkts}): what a schema leaf is. */
    public String shape() {
        String s = shape;
        if (s == null) {
            StringBuilder b = new StringBuilder(origin).append(':');
            for (PathElem e : elems) {
                b.append('/').append(e.name());
            }
            shape = s = b.toString();
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof TelemetryPath other
                && other.hash == hash
                && other.origin.equals(origin)
                && other.elems.equals(elems);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    public static TelemetryPath of(String origin, PathElem... elems) {
        return new TelemetryPath(origin, List.of(elems));
    }

    /** Parses the gNMI string form; throws {@link PathSyntaxException} naming the bad character. */
    public static TelemetryPath parse(String text) {
        return new Parser(text).parse();
    }

    public TelemetryPath child(PathElem elem) {
        List<PathElem> longer = new ArrayList<>(elems.size() + 1);
        longer.addAll(elems);
        longer.add(elem);
        TelemetryPath child = new TelemetryPath(origin, longer);
        // Children of one path share it as their parent object: whoever groups leaves by parent (the
        // agent, per notification) then compares parents by identity instead of element by element.
        child.parent = this;
        return child;
    }

    public TelemetryPath child(String name) {
        return child(PathElem.of(name));
    }

    public TelemetryPath child(String name, String key, String value) {
        return child(PathElem.of(name, key, value));
    }

    /** This path followed by {@code suffix}'s elements (the suffix's origin is ignored). */
    public TelemetryPath concat(TelemetryPath suffix) {
        if (suffix.elems.isEmpty()) {
            return this;
        }
        List<PathElem> all = new ArrayList<>(elems);
        all.addAll(suffix.elems);
        return new TelemetryPath(origin, all);
    }

    /** This path with every list key left out ({@code /interfaces/interface/state}): every entry of each list. */
    public TelemetryPath withoutKeys() {
        return new TelemetryPath(
                origin, elems.stream().map(e -> PathElem.of(e.name())).toList());
    }

    /** This path without its last element (remembered: senders group leaves by parent). */
    public TelemetryPath parent() {
        TelemetryPath p = parent;
        if (p == null) {
            if (elems.isEmpty()) {
                throw new IllegalStateException("the root has no parent");
            }
            parent = p = new TelemetryPath(origin, elems.subList(0, elems.size() - 1));
        }
        return p;
    }

    public int size() {
        return elems.size();
    }

    public PathElem elem(int index) {
        return elems.get(index);
    }

    public PathElem last() {
        return elems.getLast();
    }

    public boolean isWildcard() {
        return elems.stream().anyMatch(PathElem::isWildcard);
    }

    @Override
    public String toString() {
        String t = text;
        if (t == null) {
            text = t = format();
        }
        return t;
    }

    private String format() {
        StringBuilder out = new StringBuilder();
        if (!origin.isEmpty()) {
            out.append(origin).append(':');
        }
        if (elems.isEmpty()) {
            out.append('/');
        }
        for (PathElem e : elems) {
            out.append('/').append(e);
        }
        return out.toString();
    }

    @Override
    public int compareTo(TelemetryPath other) {
        return toString().compareTo(other.toString());
    }

    private static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = Objects.requireNonNull(text, "path");
        }

        TelemetryPath parse() {
            String origin = "";
            int colon = text.indexOf(':');
            int slash = text.indexOf('/');
            if (colon >= 0 && (slash < 0 || colon < slash) && !text.startsWith("/")) {
                origin = text.substring(0, colon);
                if (!origin.matches("[A-Za-z][A-Za-z0-9_.-]*")) {
                    throw new PathSyntaxException(text, 0, "origin '" + origin + "' is not a name");
                }
                pos = colon + 1;
            }
            List<PathElem> elems = new ArrayList<>();
            if (pos < text.length() && text.charAt(pos) == '/') {
                pos++;
            }
            while (pos < text.length()) {
                elems.add(elem());
                if (pos < text.length()) {
                    expect('/');
                    if (pos == text.length()) {
                        break; // a trailing slash is tolerated
                    }
                }
            }
            return new TelemetryPath(origin, elems);
        }

        private PathElem elem() {
            int start = pos;
            StringBuilder name = new StringBuilder();
            while (pos < text.length() && text.charAt(pos) != '/' && text.charAt(pos) != '[') {
                char c = text.charAt(pos++);
                if (c == ']' || c == '=') {
                    throw new PathSyntaxException(text, pos - 1, "unexpected '" + c + "' in element name");
                }
                name.append(c == '\\' ? escaped() : c);
            }
            if (name.isEmpty()) {
                throw new PathSyntaxException(text, start, "empty element name");
            }
            Map<String, String> keys = new LinkedHashMap<>();
            while (pos < text.length() && text.charAt(pos) == '[') {
                pos++;
                int keyStart = pos;
                int eq = text.indexOf('=', pos);
                if (eq < 0) {
                    throw new PathSyntaxException(text, keyStart, "key without '=' in element '" + name + "'");
                }
                String key = text.substring(pos, eq);
                if (key.isEmpty() || key.contains("]") || key.contains("[")) {
                    throw new PathSyntaxException(text, keyStart, "bad key name '" + key + "'");
                }
                pos = eq + 1;
                StringBuilder value = new StringBuilder();
                while (true) {
                    if (pos >= text.length()) {
                        throw new PathSyntaxException(text, keyStart, "key '" + key + "' is not closed by ']'");
                    }
                    char c = text.charAt(pos++);
                    if (c == ']') {
                        break;
                    }
                    value.append(c == '\\' ? escaped() : c);
                }
                if (keys.put(key, value.toString()) != null) {
                    throw new PathSyntaxException(text, keyStart, "key '" + key + "' given twice");
                }
            }
            return new PathElem(name.toString(), keys);
        }

        private char escaped() {
            if (pos >= text.length()) {
                throw new PathSyntaxException(text, pos - 1, "dangling '\\'");
            }
            return text.charAt(pos++);
        }

        private void expect(char c) {
            if (text.charAt(pos) != c) {
                throw new PathSyntaxException(text, pos, "expected '" + c + "', found '" + text.charAt(pos) + "'");
            }
            pos++;
        }
    }
}
