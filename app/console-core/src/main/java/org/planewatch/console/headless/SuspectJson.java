package org.planewatch.console.headless;

import java.util.List;
import java.util.Locale;
import org.planewatch.console.state.localize.Suspect;

/** The {@code diagnose --json} answer: {@code {"suspects": [{"kind", "name", "plane", "score", "hosts", "firstSeenNs"}]}}. */
final class SuspectJson {
    private SuspectJson() {}

    static String of(List<Suspect> suspects) {
        StringBuilder json = new StringBuilder("{\"suspects\": [");
        for (int i = 0; i < suspects.size(); i++) {
            Suspect s = suspects.get(i);
            json.append(i == 0 ? "" : ", ")
                    .append("{\"kind\": ")
                    .append(text(s.kind().word()))
                    .append(", \"name\": ")
                    .append(text(s.name()))
                    .append(", \"plane\": ")
                    .append(s.plane())
                    .append(", \"score\": ")
                    .append(String.format(Locale.ROOT, "%.1f", s.score()))
                    .append(", \"hosts\": ")
                    .append(s.hosts())
                    .append(", \"firstSeenNs\": ")
                    .append(s.firstSeenNs())
                    .append('}');
        }
        return json.append("]}").toString();
    }

    /** A JSON string: device names are the operator's and may hold anything. */
    private static String text(String value) {
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
