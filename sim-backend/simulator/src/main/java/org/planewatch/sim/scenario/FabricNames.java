package org.planewatch.sim.scenario;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planewatch.sim.config.FabricConfig;
import org.planewatch.sim.fabric.NodeNames;
import org.planewatch.sim.input.Echo;

/**
 * The stable names of a fabric's hosts, switches and links, checked against its configuration alone
 * (no simulation needed): hosts {@code host-<n>}, switches {@code p<plane>-t0-<i>} and
 * {@code p<plane>-t1-<j>}, links {@code <a>~<b>} in either order, canonically lower tier first
 * ({@code host-17~p2-t0-1}, {@code p2-t0-3~p2-t1-5}).
 */
public final class FabricNames {

    private static final String NUMBER = "(0|[1-9][0-9]{0,8})";
    private static final Pattern HOST = Pattern.compile("host-" + NUMBER);
    private static final Pattern SWITCH = Pattern.compile("p" + NUMBER + "-t([01])-" + NUMBER);
    private static final String NODE_FORMS = "host-<n>, p<plane>-t0-<i> or p<plane>-t1-<j>";

    private final FabricConfig fabric;
    /** The names the scenario chose, or null for the default names. */
    private final NodeNames chosen;

    public FabricNames(FabricConfig fabric) {
        this.fabric = fabric;
        this.chosen = null;
    }

    /** The names of a fabric whose devices may carry chosen names: then only those are accepted. */
    public FabricNames(FabricConfig fabric, NodeNames names) {
        this.fabric = fabric;
        this.chosen = names.isDefault() ? null : names;
    }

    public static String host(int host) {
        return "host-" + host;
    }

    public static String t0(int plane, int index) {
        return "p" + plane + "-t0-" + index;
    }

    public static String t1(int plane, int index) {
        return "p" + plane + "-t1-" + index;
    }

    public static String link(String lowerTier, String upperTier) {
        return lowerTier + "~" + upperTier;
    }

    /**
     * The canonical name of a link of this fabric given in either order.
     *
     * @throws IllegalArgumentException naming what is wrong: malformed, unknown element, or two
     *     elements that no link joins
     */
    public String canonicalLink(String name) {
        String[] ends = name.split("~", -1);
        if (ends.length != 2) {
            throw new IllegalArgumentException("malformed link name " + Echo.quoted(name)
                    + " (expected <a>~<b>, e.g. host-17~p2-t0-1 or p2-t0-3~p2-t1-5)");
        }
        Element a = element(ends[0], "link name " + Echo.quoted(name));
        Element b = element(ends[1], "link name " + Echo.quoted(name));
        checkExists(a, "link " + Echo.quoted(name));
        checkExists(b, "link " + Echo.quoted(name));
        Element lower = a.tier <= b.tier ? a : b;
        Element upper = a.tier <= b.tier ? b : a;
        if (upper.tier - lower.tier != 1) {
            throw new IllegalArgumentException(
                    "no link " + Echo.quoted(name) + " (links join a host to a T0 switch or a T0 to a T1 switch)");
        }
        if (lower.tier == Element.HOST) {
            int attachedT0 = lower.index / fabric.hostsPerT0();
            if (upper.index != attachedT0) {
                throw new IllegalArgumentException("no link " + Echo.quoted(name) + " (" + lower.name()
                        + " is attached to T0 " + attachedT0 + " of every plane, e.g. "
                        + name(new Element(Element.T0, upper.plane, attachedT0)) + ")");
            }
        } else if (lower.plane != upper.plane) {
            throw new IllegalArgumentException("no link " + Echo.quoted(name) + " (planes share no links)");
        }
        return link(name(lower), name(upper));
    }

    /**
     * The name of a switch of this fabric, unchanged.
     *
     * @throws IllegalArgumentException if it is malformed, a host, or not in this fabric
     */
    public String checkSwitch(String name) {
        Element element = element(name, "switch name " + Echo.quoted(name));
        if (element.tier == Element.HOST) {
            throw new IllegalArgumentException(Echo.quoted(name) + " is a host, not a switch");
        }
        checkExists(element, "switch " + Echo.quoted(name));
        return name;
    }

    /** @throws IllegalArgumentException if the plane is not one of this fabric's */
    public void checkPlane(int plane) {
        if (plane < 0 || plane >= fabric.planes()) {
            throw new IllegalArgumentException(
                    "plane " + plane + " out of range (fabric has planes " + range(fabric.planes()) + ")");
        }
    }

    /** @throws IllegalArgumentException if the host index is not one of this fabric's */
    public void checkHost(int host) {
        if (host < 0 || host >= fabric.hostCount()) {
            throw new IllegalArgumentException(
                    "host " + host + " out of range (fabric has hosts " + range(fabric.hostCount()) + ")");
        }
    }

    /** The element a name names: by the chosen names when the scenario has some, else by the default forms. */
    private Element element(String text, String what) {
        if (chosen == null) {
            return parse(text, what);
        }
        int node = chosen.node(text);
        if (node < 0) {
            throw new IllegalArgumentException("unknown " + what + " (" + Echo.quoted(text)
                    + " is not a device of this fabric, whose names section names them like "
                    + chosen.name(0) + ", " + chosen.name(fabric.hostCount()) + " and "
                    + chosen.name(fabric.hostCount() + fabric.t0PerPlane()) + ")");
        }
        int hosts = fabric.hostCount();
        if (node < hosts) {
            return new Element(Element.HOST, -1, node);
        }
        int s = node - hosts;
        int perPlane = fabric.t0PerPlane() + fabric.t1PerPlane();
        int r = s % perPlane;
        return r < fabric.t0PerPlane()
                ? new Element(Element.T0, s / perPlane, r)
                : new Element(Element.T1, s / perPlane, r - fabric.t0PerPlane());
    }

    /** The name an element goes by in this fabric. */
    private String name(Element element) {
        if (chosen == null) {
            return element.name();
        }
        int hosts = fabric.hostCount();
        int perPlane = fabric.t0PerPlane() + fabric.t1PerPlane();
        return switch (element.tier) {
            case Element.HOST -> chosen.name(element.index);
            case Element.T0 -> chosen.name(hosts + element.plane * perPlane + element.index);
            default -> chosen.name(hosts + element.plane * perPlane + fabric.t0PerPlane() + element.index);
        };
    }

    private static Element parse(String text, String what) {
        Matcher host = HOST.matcher(text);
        if (host.matches()) {
            return new Element(Element.HOST, -1, Integer.parseInt(host.group(1)));
        }
        Matcher sw = SWITCH.matcher(text);
        if (sw.matches()) {
            int tier = sw.group(2).equals("0") ? Element.T0 : Element.T1;
            return new Element(tier, Integer.parseInt(sw.group(1)), Integer.parseInt(sw.group(3)));
        }
        throw new IllegalArgumentException(
                "malformed " + what + " (" + Echo.quoted(text) + " is not " + NODE_FORMS + ")");
    }

    private void checkExists(Element element, String what) {
        if (element.tier == Element.HOST) {
            if (element.index >= fabric.hostCount()) {
                throw unknown(what, "hosts " + range(fabric.hostCount()));
            }
            return;
        }
        if (element.plane >= fabric.planes()) {
            throw unknown(what, "planes " + range(fabric.planes()));
        }
        if (element.tier == Element.T0 && element.index >= fabric.t0PerPlane()) {
            throw unknown(what, "T0 switches " + range(fabric.t0PerPlane()) + " per plane");
        }
        if (element.tier == Element.T1 && element.index >= fabric.t1PerPlane()) {
            throw unknown(what, "T1 switches " + range(fabric.t1PerPlane()) + " per plane");
        }
    }

    private static IllegalArgumentException unknown(String what, String has) {
        return new IllegalArgumentException("unknown " + what + " (fabric has " + has + ")");
    }

    private static String range(int count) {
        return "0.." + (count - 1);
    }

    /** A host (tier 0, no plane) or a switch (tier 1 = T0, tier 2 = T1) of one plane. */
    private record Element(int tier, int plane, int index) {
        static final int HOST = 0;
        static final int T0 = 1;
        static final int T1 = 2;

        String name() {
            return switch (tier) {
                case HOST -> host(index);
                case T0 -> t0(plane, index);
                default -> t1(plane, index);
            };
        }
    }
}
