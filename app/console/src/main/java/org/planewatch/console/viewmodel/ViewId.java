package org.planewatch.console.viewmodel;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The console's views, with the names the command line ({@code --view}) and the menu use. */
public enum ViewId {
    OVERVIEW("Overview"),
    PLANE("Plane"),
    TRIMS("Trim rates"),
    EXCLUSIONS("Exclusions"),
    ALARMS("Alarms"),
    HOST("Host"),
    SWITCH("Switch"),
    TARGETS("Targets");

    private final String title;

    ViewId(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException listing the valid names */
    public static ViewId fromCliName(String name) {
        return Arrays.stream(values())
                .filter(v -> v.cliName().equals(name.toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown view '" + name + "' (one of: "
                        + Arrays.stream(values()).map(ViewId::cliName).collect(Collectors.joining(", ")) + ")"));
    }
}
