package org.planewatch.console.state;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fabric's device naming ({@code host-0007}, {@code p3-t0-12}: plane 3, tier 0, index 12) and
 * link naming ({@code p2-t0-1~p2-t1-5}: the two ends, lower tier first).
 *
 * <p>Switch interfaces are named after the device at their far end, which is how the console
 * learns the topology from telemetry alone.
 */
public record DeviceName(String name, Kind kind, int plane, int tier, int index) {

    public enum Kind {
        HOST,
        SWITCH,
        OTHER
    }

    private static final char LINK_SEPARATOR = '~';
    private static final Pattern SWITCH = Pattern.compile("p(\\d+)-t([01])-(\\d+)");
    private static final Pattern HOST = Pattern.compile("host-(\\d+)");

    public static DeviceName parse(String name) {
        Matcher matcher = SWITCH.matcher(name);
        if (matcher.matches()) {
            return new DeviceName(
                    name,
                    Kind.SWITCH,
                    Integer.parseInt(matcher.group(1)),
                    Integer.parseInt(matcher.group(2)),
                    Integer.parseInt(matcher.group(3)));
        }
        matcher = HOST.matcher(name);
        if (matcher.matches()) {
            return new DeviceName(name, Kind.HOST, -1, -1, Integer.parseInt(matcher.group(1)));
        }
        return new DeviceName(name, Kind.OTHER, -1, -1, -1);
    }

    public boolean isSwitch() {
        return kind == Kind.SWITCH;
    }

    public boolean isHost() {
        return kind == Kind.HOST;
    }

    /** Canonical link id: hosts first, then tier 0, then tier 1; ties by name. */
    public static String linkId(DeviceName a, DeviceName b) {
        return order(a) <= order(b) ? a.name + LINK_SEPARATOR + b.name : b.name + LINK_SEPARATOR + a.name;
    }

    /** The end {@link #linkId} names first. */
    static DeviceName first(DeviceName a, DeviceName b) {
        return order(a) <= order(b) ? a : b;
    }

    /** The two end names of a link id made by {@link #linkId}; empty for anything else. */
    public static List<String> ends(String linkId) {
        int split = linkId.indexOf(LINK_SEPARATOR);
        if (split <= 0 || split == linkId.length() - 1 || linkId.indexOf(LINK_SEPARATOR, split + 1) >= 0) {
            return List.of();
        }
        return List.of(linkId.substring(0, split), linkId.substring(split + 1));
    }

    /**
     * The id of the same two ends named the other way round ({@code p0-t0-1~host-5} for {@code
     * host-5~p0-t0-1}): what a model that took one end for the other kind named the link; empty for
     * anything but a link id.
     */
    public static Optional<String> otherOrder(String linkId) {
        List<String> ends = ends(linkId);
        return ends.isEmpty() ? Optional.empty() : Optional.of(ends.get(1) + LINK_SEPARATOR + ends.get(0));
    }

    private static int order(DeviceName device) {
        return switch (device.kind) {
            case HOST -> 0;
            case SWITCH -> 1 + device.tier;
            case OTHER -> 3;
        };
    }
}
