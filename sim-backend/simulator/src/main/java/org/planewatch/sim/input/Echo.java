package org.planewatch.sim.input;

import java.util.Locale;

/**
 * How an error message shows a piece of the user's input: quoted, at most {@link #MAX_CHARS}
 * characters (a longer one says how much is left out), with control and non-ASCII characters
 * escaped, so an error is one short line whatever the file held.
 */
public final class Echo {

    public static final int MAX_CHARS = 40;

    private Echo() {}

    /** {@code 'value'}, or {@code 'first 40 characters...' (12,345 characters)}. */
    public static String quoted(String text) {
        return quoted(text, MAX_CHARS);
    }

    /** The text itself when short and plain, else quoted as by {@link #quoted(String)}. */
    public static String truncated(String text) {
        return truncated(text, MAX_CHARS);
    }

    /** The text itself when at most {@code maxChars} plain characters, else quoted and cut there. */
    public static String truncated(String text, int maxChars) {
        String quoted = quoted(text, maxChars);
        return quoted.length() == text.length() + 2 ? text : quoted;
    }

    /** As {@link #quoted(String)}, with at most {@code maxChars} characters shown. */
    public static String quoted(String text, int maxChars) {
        StringBuilder shown = new StringBuilder("'");
        int end = Math.min(text.length(), maxChars);
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                shown.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
            } else if (c > 0x7e) {
                shown.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                shown.append(c);
            }
        }
        shown.append('\'');
        if (text.length() > maxChars) {
            shown.insert(shown.length() - 1, "...")
                    .append(String.format(Locale.ROOT, " (%,d characters)", text.length()));
        }
        return shown.toString();
    }
}
