package org.planewatch.console.bench.localize;

/** The incidents the localization benchmark stages (issue 19, item 4), and the fault-free control. */
public enum FaultKind {
    LINK_DOWN("link-down"),
    SWITCH_REBOOT("switch-reboot"),
    GRAY_1("gray-1%"),
    GRAY_5("gray-5%"),
    GRAY_20("gray-20%"),
    CRC("crc"),
    TWO_PLANES("two-planes"),
    FLAP("flap"),
    NONE("fault-free");

    private final String label;

    FaultKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Kinds whose top-1 target is 95 % (single link and switch failures). */
    public boolean singleHardFailure() {
        return this == LINK_DOWN || this == SWITCH_REBOOT;
    }

    /** Gray links at 5 % loss or more: named within 5 s of wall time at the demo's pace. */
    public boolean grayAtLeastFivePercent() {
        return this == GRAY_5 || this == GRAY_20;
    }

    /** The kind a command line names, by its label or its constant's name, case-insensitive. */
    public static FaultKind parse(String word) {
        for (FaultKind k : values()) {
            if (k.label.equalsIgnoreCase(word) || k.name().equalsIgnoreCase(word.replace('-', '_'))) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown fault kind '" + word + "'; kinds are "
                + java.util.Arrays.stream(values()).map(FaultKind::label).toList());
    }
}
