package org.planewatch.telemetry.path;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A subscription or query path with gNMI wildcards: an element named {@code *} matches one element,
 * {@code ...} matches any number of elements (zero included), a key whose value is {@code *} or a key
 * left out matches every value. A pattern matches every leaf under the paths it names, so
 * {@code /interfaces} selects every interface leaf.
 */
public final class PathPattern {

    private final TelemetryPath path;
    /**
     * The elements matched: the path's, with each run of {@code ...} folded into one (a run means
     * the same as one {@code ...}, and each extra one multiplied the ways a match was tried).
     */
    private final PathElem[] elems;
    /** Elements other than {@code ...}: each consumes one leaf element, so a shorter leaf cannot match. */
    private final int literals;

    private final boolean anyDepth;

    public PathPattern(TelemetryPath path) {
        this.path = path;
        List<PathElem> folded = new ArrayList<>(path.size());
        int literalCount = 0;
        for (PathElem e : path.elems()) {
            boolean deep = e.name().equals(PathElem.ANY_DEPTH);
            if (deep && !folded.isEmpty() && folded.getLast().name().equals(PathElem.ANY_DEPTH)) {
                continue;
            }
            folded.add(e);
            literalCount += deep ? 0 : 1;
        }
        this.elems = folded.toArray(PathElem[]::new);
        this.literals = literalCount;
        this.anyDepth = literalCount < elems.length;
    }

    public static PathPattern parse(String text) {
        return new PathPattern(TelemetryPath.parse(text));
    }

    public TelemetryPath path() {
        return path;
    }

    /** Whether {@code leaf}, a concrete path, lies under a path this pattern names. */
    public boolean matches(TelemetryPath leaf) {
        return path.origin().equals(leaf.origin()) && matchFromStart(leaf);
    }

    /**
     * Whether this pattern can select some leaf of {@code template}, a schema path whose key values
     * are wildcards; used to reject paths that name nothing in the schema.
     */
    public boolean overlaps(TelemetryPath template) {
        if (!path.origin().equals(template.origin())) {
            return false;
        }
        return matchFromStart(template);
    }

    /** Elements of the pattern, {@code ...} runs folded (what the matcher walks). */
    public List<PathElem> matchedElements() {
        return List.of(elems);
    }

    private boolean matchFromStart(TelemetryPath leaf) {
        if (literals > leaf.size()) {
            return false;
        }
        // With '...' the same (pattern, leaf) positions are reached along many routes: remember each
        // answer, so a match costs at most pattern x leaf steps however many '...' the pattern has.
        return match(0, leaf, 0, anyDepth ? new byte[(elems.length + 1) * (leaf.size() + 1)] : null);
    }

    private static final byte NO = 1;
    private static final byte YES = 2;

    private boolean match(int p, TelemetryPath leaf, int l, byte[] memo) {
        if (p == elems.length) {
            return true; // prefix of the leaf: subtree match
        }
        int slot = p * (leaf.size() + 1) + l;
        if (memo != null && memo[slot] != 0) {
            return memo[slot] == YES;
        }
        boolean matched;
        PathElem want = elems[p];
        if (want.name().equals(PathElem.ANY_DEPTH)) {
            matched = false;
            for (int skip = l; skip <= leaf.size() && !matched; skip++) {
                matched = match(p + 1, leaf, skip, memo);
            }
        } else {
            matched = l < leaf.size() && elementMatches(want, leaf.elem(l)) && match(p + 1, leaf, l + 1, memo);
        }
        if (memo != null) {
            memo[slot] = matched ? YES : NO;
        }
        return matched;
    }

    /** Whether the pattern element {@code want} ({@code *} names and key values, keys left out) matches {@code have}. */
    public static boolean elementMatches(PathElem want, PathElem have) {
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
