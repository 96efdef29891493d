package org.planewatch.telemetry.path;

import java.util.Map;

/**
 * A subscription or query path with gNMI wildcards: an element named {@code *} matches one element,
 * {@code ...} matches any number of elements (zero included), a key whose value is {@code *} or a key
 * left out matches every value. A pattern matches every leaf under the paths it names, so
 * {@code /interfaces} selects every interface leaf.
 */
public final class PathPattern {

    private final TelemetryPath path;

    public PathPattern(TelemetryPath path) {
        this.path = path;
    }

    public static PathPattern parse(String text) {
        return new PathPattern(TelemetryPath.parse(text));
    }

    public TelemetryPath path() {
        return path;
    }

    /** Whether {@code leaf}, a concrete path, lies under a path this pattern names. */
    public boolean matches(TelemetryPath leaf) {
        return path.origin().equals(leaf.origin()) && match(0, leaf, 0);
    }

    /**
     * Whether this pattern can select some leaf of {@code template}, a schema path whose key values
     * are wildcards; used to reject paths that name nothing in the schema.
     */
    public boolean overlaps(TelemetryPath template) {
        if (!path.origin().equals(template.origin())) {
            return false;
        }
        return match(0, template, 0);
    }

    private boolean match(int p, TelemetryPath leaf, int l) {
        if (p == path.size()) {
            return true; // prefix of the leaf: subtree match
        }
        PathElem want = path.elem(p);
        if (want.name().equals(PathElem.ANY_DEPTH)) {
            for (int skip = l; skip <= leaf.size(); skip++) {
                if (match(p + 1, leaf, skip)) {
                    return true;
                }
            }
            return false;
        }
        if (l == leaf.size()) {
            return false;
        }
        return elemMatches(want, leaf.elem(l)) && match(p + 1, leaf, l + 1);
    }

    private static boolean elemMatches(PathElem want, PathElem have) {
        if (!want.name().equals(PathElem.ANY) && !want.name().equals(have.name())) {
            return false;
        }
        for (Map.Entry<String, String> key : want.keys().entrySet()) {
            String value = have.keys().get(key.getKey());
            if (value == null) {
                return false;
            }
            if (!key.getValue().equals(PathElem.ANY) && !value.equals(PathElem.ANY) && !value.equals(key.getValue())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PathPattern other && other.path.equals(path);
    }

    @Override
    public int hashCode() {
        return path.hashCode();
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
