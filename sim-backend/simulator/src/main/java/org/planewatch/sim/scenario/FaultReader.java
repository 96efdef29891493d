package org.planewatch.sim.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.input.Echo;

/**
 * Reads one entry of a scenario's {@code faults} list:
 * {@code {atUs, link, action: down|up|flap|gray|crc, ...}}, {@code {atUs, switch, action: reboot, downUs}}
 * or {@code {atUs, plane, action: down|up}}. Names are checked against the fabric and links stored
 * in canonical form, so the simulation never sees a name it does not have.
 */
final class FaultReader {

    private static final List<String> TARGETS = List.of("link", "switch", "plane");
    private static final Set<String> ALL_KEYS = Set.of(
            "atUs",
            "action",
            "link",
            "switch",
            "plane",
            "periodUs",
            "downUs",
            "count",
            "dropProbability",
            "bitErrorRate");

    private final FabricNames names;
    private final long durationNs;

    FaultReader(FabricNames names, long durationNs) {
        this.names = names;
        this.durationNs = durationNs;
    }

    FaultSpec read(YamlMapping fault) throws ScenarioException {
        String target = target(fault);
        fault.requirePresent("atUs");
        fault.requirePresent("action");
        String action = fault.string("action").toLowerCase(Locale.ROOT);
        long atNs = fault.microsAsNanos("atUs");
        if (durationNs > 0 && atNs > durationNs) {
            throw fault.error(
                    "atUs",
                    "fault at " + micros(atNs) + " us is after the end of the run (durationUs " + micros(durationNs)
                            + ")");
        }
        return switch (target) {
            case "link" -> link(fault, action, atNs);
            case "switch" -> switchFault(fault, action, atNs);
            default -> plane(fault, action, atNs);
        };
    }

    private static String target(YamlMapping fault) throws ScenarioException {
        List<String> present = TARGETS.stream().filter(fault::has).toList();
        if (present.isEmpty()) {
            throw fault.errorHere("a fault needs one of link, switch or plane");
        }
        if (present.size() > 1) {
            throw fault.error(
                    present.get(1), "a fault has one target, not both " + present.get(0) + " and " + present.get(1));
        }
        return present.getFirst();
    }

    private FaultSpec link(YamlMapping fault, String action, long atNs) throws ScenarioException {
        String link = switch (action) {
            case "down", "up" -> checkedLink(fault, List.of());
            case "flap" -> checkedLink(fault, List.of("periodUs", "downUs", "count"));
            case "gray" -> checkedLink(fault, List.of("dropProbability"));
            case "crc" -> checkedLink(fault, List.of("bitErrorRate"));
            default ->
                throw fault.error(
                        "action",
                        "unknown action " + Echo.quoted(action) + " for a link (expected down, up, flap, gray or crc)");
        };
        return switch (action) {
            case "down" -> new FaultSpec.LinkDown(atNs, link);
            case "up" -> new FaultSpec.LinkUp(atNs, link);
            case "flap" -> flap(fault, atNs, link);
            case "gray" -> new FaultSpec.GrayLink(atNs, link, probability(fault, "dropProbability", true));
            default -> new FaultSpec.CrcErrors(atNs, link, probability(fault, "bitErrorRate", false));
        };
    }

    private String checkedLink(YamlMapping fault, List<String> parameters) throws ScenarioException {
        checkKeys(fault, "link", parameters);
        try {
            return names.canonicalLink(fault.string("link"));
        } catch (IllegalArgumentException e) {
            throw fault.error("link", e.getMessage());
        }
    }

    private static FaultSpec flap(YamlMapping fault, long atNs, String link) throws ScenarioException {
        long periodNs = positiveMicros(fault, "periodUs");
        long downNs = positiveMicros(fault, "downUs");
        if (downNs >= periodNs) {
            throw fault.error("downUs", "must be shorter than periodUs (" + micros(periodNs) + " us)");
        }
        fault.requirePresent("count");
        int count = fault.intValue("count");
        if (count < 1) {
            throw fault.error("count", "must be >= 1, got " + count);
        }
        return new FaultSpec.LinkFlap(atNs, link, periodNs, downNs, count);
    }

    private FaultSpec switchFault(YamlMapping fault, String action, long atNs) throws ScenarioException {
        if (!action.equals("reboot")) {
            throw fault.error("action", "unknown action " + Echo.quoted(action) + " for a switch (expected reboot)");
        }
        checkKeys(fault, "switch", List.of("downUs"));
        String name;
        try {
            name = names.checkSwitch(fault.string("switch"));
        } catch (IllegalArgumentException e) {
            throw fault.error("switch", e.getMessage());
        }
        return new FaultSpec.SwitchReboot(atNs, name, positiveMicros(fault, "downUs"));
    }

    private FaultSpec plane(YamlMapping fault, String action, long atNs) throws ScenarioException {
        if (!action.equals("down") && !action.equals("up")) {
            throw fault.error("action", "unknown action " + Echo.quoted(action) + " for a plane (expected down or up)");
        }
        checkKeys(fault, "plane", List.of());
        int plane = fault.intValue("plane");
        try {
            names.checkPlane(plane);
        } catch (IllegalArgumentException e) {
            throw fault.error("plane", e.getMessage());
        }
        return action.equals("down") ? new FaultSpec.PlaneDown(atNs, plane) : new FaultSpec.PlaneUp(atNs, plane);
    }

    /** Keys of other fault kinds get a message saying so; anything else is an unknown key. */
    private static void checkKeys(YamlMapping fault, String target, List<String> parameters) throws ScenarioException {
        Set<String> allowed = new TreeSet<>(parameters);
        allowed.addAll(List.of("atUs", "action", target));
        for (String key : fault.keys()) {
            if (!allowed.contains(key) && ALL_KEYS.contains(key)) {
                throw fault.error(
                        key,
                        Echo.quoted(key) + " does not apply to a " + target + " "
                                + Echo.truncated(fault.string("action")) + " fault (its keys: "
                                + String.join(", ", allowed) + ")");
            }
        }
        fault.rejectUnknownKeys(allowed);
        for (String key : parameters) {
            fault.requirePresent(key);
        }
    }

    private static long positiveMicros(YamlMapping fault, String key) throws ScenarioException {
        fault.requirePresent(key);
        long nanos = fault.microsAsNanos(key);
        if (nanos <= 0) {
            throw fault.error(key, "must be > 0");
        }
        return nanos;
    }

    private static String micros(long nanos) {
        return nanos % 1_000 == 0 ? Long.toString(nanos / 1_000) : Double.toString(nanos / 1_000.0);
    }

    private static double probability(YamlMapping fault, String key, boolean oneAllowed) throws ScenarioException {
        double value = fault.doubleValue(key);
        if (value < 0 || value > 1 || (!oneAllowed && value == 1)) {
            throw fault.error(key, "must be in [0, 1" + (oneAllowed ? "]" : ")") + ", got " + value);
        }
        return value;
    }
}
