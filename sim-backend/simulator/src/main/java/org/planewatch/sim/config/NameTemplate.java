package org.planewatch.sim.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A device name template of a scenario's {@code names} section: literal text with fields
 * {@code {var}}, {@code {var+N}} (the number plus N, for names that count from 1) and
 * {@code {var:W}} or {@code {var+N:W}} (zero-padded to W digits). {@code gpu-r{t0+1:02}-n{k+1:02}}
 * names host 17 of a fabric with 16 hosts per T0 {@code gpu-r02-n02}.
 */
public final class NameTemplate {

    private static final Pattern FIELD = Pattern.compile("\\{([a-z0-9]+)(?:\\+(\\d{1,6}))?(?::(\\d{1,2}))?}");

    private final String text;
    private final List<Object> parts;

    private record Field(String var, int offset, int width) {}

    /**
     * @param allowed the variables this template may use
     * @throws IllegalArgumentException naming what is wrong: a field that is not {@code {var}},
     *     {@code {var+N}} or {@code {var+N:W}}, or a variable that is not one of {@code allowed}
     */
    public NameTemplate(String text, List<String> allowed) {
        this.text = text;
        List<Object> out = new ArrayList<>();
        Matcher m = FIELD.matcher(text);
        int at = 0;
        while (m.find()) {
            literal(text.substring(at, m.start()), out);
            String var = m.group(1);
            if (!allowed.contains(var)) {
                throw new IllegalArgumentException("unknown field {" + var + "} in '" + text + "' (this template has "
                        + String.join(
                                ", ", allowed.stream().map(v -> "{" + v + "}").toList()) + ")");
            }
            int offset = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
            int width = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
            out.add(new Field(var, offset, width));
            at = m.end();
        }
        literal(text.substring(at), out);
        this.parts = List.copyOf(out);
    }

    private void literal(String piece, List<Object> out) {
        if (piece.indexOf('{') >= 0 || piece.indexOf('}') >= 0) {
            throw new IllegalArgumentException(
                    "malformed field in '" + text + "' (fields are {var}, {var+N} or {var+N:W}, e.g. {t0+1:02})");
        }
        if (!piece.isEmpty()) {
            out.add(piece);
        }
    }

    /** Whether the template has a field of {@code var}: a template without one names every device the same. */
    public boolean uses(String var) {
        return parts.stream().anyMatch(p -> p instanceof Field f && f.var.equals(var));
    }

    /** The name of the device whose variables have these values. */
    public String render(Map<String, Integer> values) {
        StringBuilder out = new StringBuilder();
        for (Object part : parts) {
            if (part instanceof Field f) {
                String digits = Long.toString((long) values.get(f.var) + f.offset);
                for (int i = digits.length(); i < f.width; i++) {
                    out.append('0');
                }
                out.append(digits);
            } else {
                out.append((String) part);
            }
        }
        return out.toString();
    }

    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NameTemplate other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
