package org.planewatch.console.state.localize;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.planewatch.console.state.localize.PathEvents.Path;

/**
 * Incidents on a 2-plane fabric (4 T0, 4 T1, 4 hosts per T0: 960 paths a plane), played as the
 * NICs would report them over a background of blips (2 a second, the demo's quiet rate), each with
 * the instant to look and what should be named then.
 */
public final class Incidents {
    public static final ClosPaths FABRIC = new ClosPaths(2, 4, 4, 4);
    /** The background runs from 0 to here; every incident starts at {@link #FAULT_MILLIS}. */
    public static final long FAULT_MILLIS = 10_000;

    public record Incident(long lookAtMillis, Suspect.Kind kind, String culprit) {}

    private final PathEvents events;
    private final Consumer<PathDecision> sink;

    public Incidents(Consumer<PathDecision> sink) {
        this.events = new PathEvents(FABRIC, sink);
        this.sink = sink;
    }

    public PathEvents events() {
        return events;
    }

    private void background(long millis) {
        events.background(new Random(7), 2, 2.0, 0, millis);
    }

    /**
     * Every path through the link is retired within 200 ms; its probes time out from a second later,
     * each after twice the wait of the one before (the NIC's back-off).
     */
    private void down(List<Path> paths, long atMillis) {
        for (int i = 0; i < paths.size(); i++) {
            events.retire(paths.get(i), atMillis + i * 200L / paths.size());
        }
        for (long wait = 200, at = atMillis + 1_000; wait <= 800; at += wait, wait *= 2) {
            for (Path p : paths) {
                events.probeTimeout(p, at);
            }
        }
    }

    private void up(List<Path> paths, long atMillis) {
        for (Path p : paths) {
            events.readmit(p, atMillis);
        }
    }

    /** A T0 uplink of plane 1 goes down. */
    public Incident singleLinkDown() {
        background(FAULT_MILLIS);
        String link = ClosPaths.fabricLink(1, 1, 3);
        down(events.through(1, link), FAULT_MILLIS);
        return new Incident(FAULT_MILLIS + 2_000, Suspect.Kind.LINK, link);
    }

    /** A spine of plane 0 reboots: every link of it goes down at once. */
    public Incident switchReboot() {
        background(FAULT_MILLIS);
        String spine = ClosPaths.t1(0, 2);
        List<Path> through = events.all(0).stream()
                .filter(p -> p.spine() == 2 && p.src() / 4 != p.dst() / 4)
                .toList();
        down(through, FAULT_MILLIS);
        return new Incident(FAULT_MILLIS + 2_000, Suspect.Kind.SWITCH, spine);
    }

    /**
     * A gray link of plane 1 loses a few percent: paths through it are retired by a lost packet and
     * re-admitted by the next probe, 20 a second at random among them, for 5 s.
     */
    public Incident grayLink() {
        background(FAULT_MILLIS + 5_000);
        String link = ClosPaths.fabricLink(1, 0, 1);
        List<Path> through = events.through(1, link);
        Random random = new Random(11);
        for (int i = 0; i < 100; i++) {
            events.blip(through.get(random.nextInt(through.size())), FAULT_MILLIS + i * 50L);
        }
        return new Incident(FAULT_MILLIS + 5_000, Suspect.Kind.LINK, link);
    }

    /**
     * A gray link losing a good share of what crosses it: paths through it are retired by a lost
     * packet, 20 a second at random among them for 5 s, and every other time the first probe (or
     * its answer) is lost too, so the path comes back at the second.
     */
    public Incident grayLinkLosingProbes() {
        background(FAULT_MILLIS + 5_000);
        String link = ClosPaths.fabricLink(1, 2, 0);
        List<Path> through = events.through(1, link);
        Random random = new Random(13);
        for (int i = 0; i < 100; i++) {
            Path p = through.get(random.nextInt(through.size()));
            long at = FAULT_MILLIS + i * 50L;
            if (i % 2 == 0) {
                events.blip(p, at);
            } else {
                events.retire(p, at);
                events.probeTimeout(p, at + 20);
                events.readmit(p, at + 40);
            }
        }
        return new Incident(FAULT_MILLIS + 5_000, Suspect.Kind.LINK, link);
    }

    /**
     * Spine 1 of plane 0 reboots on a quiet fabric where only the hosts under the first three T0s
     * talk: the links from spine 1 to the fourth T0 carry nothing and say nothing, and no background
     * retirement anywhere gives the ranking other elements to compare with.
     */
    public Incident switchRebootOnQuietFabric() {
        int busyHosts = 3 * 4;
        List<Path> through = events.all(0).stream()
                .filter(p -> p.spine() == 1 && p.src() / 4 != p.dst() / 4)
                .filter(p -> p.src() < busyHosts && p.dst() < busyHosts)
                .toList();
        down(through, FAULT_MILLIS);
        return new Incident(FAULT_MILLIS + 2_000, Suspect.Kind.SWITCH, ClosPaths.t1(0, 1));
    }

    /**
     * Only host 0 talks in plane 0, and its paths through spine 0 are retired: alone, they implicate
     * its host link as much as the uplink. Its paths through the other spines come back GOOD, which
     * clears the host link: the uplink is what they do not cross.
     */
    public Incident clearedByGoodPaths(boolean withGoodPaths) {
        String uplink = ClosPaths.fabricLink(0, 0, 0);
        for (int dst = 4; dst < FABRIC.hosts(); dst++) {
            events.retire(new Path(0, 0, dst, 0), FAULT_MILLIS);
            for (int spine = 1; spine < FABRIC.spines() && withGoodPaths; spine++) {
                events.readmit(new Path(0, 0, dst, spine), FAULT_MILLIS + 100);
            }
        }
        return new Incident(FAULT_MILLIS + 200, Suspect.Kind.LINK, uplink);
    }

    /**
     * A link of plane 0 was down for 10 s and every path through it came back; a link of plane 1
     * went down a second before the end, and only half its paths carried traffic to notice.
     */
    public Incident healedThenAnotherDown() {
        background(FAULT_MILLIS + 12_000);
        String healed = ClosPaths.fabricLink(0, 0, 0);
        List<Path> healedPaths = events.through(0, healed);
        down(healedPaths, FAULT_MILLIS);
        String downNow = ClosPaths.fabricLink(1, 1, 1);
        List<Path> downPaths = events.through(1, downNow);
        down(downPaths.subList(0, downPaths.size() / 2), FAULT_MILLIS + 9_000);
        up(healedPaths, FAULT_MILLIS + 10_000);
        return new Incident(FAULT_MILLIS + 10_500, Suspect.Kind.LINK, downNow);
    }

    /**
     * Spine 2 of plane 0 reboots and comes back 4 s later (every path through it re-admitted after
     * its probes went unanswered); 2 s after that, one path of host 0 through spine 0 has a long
     * outage of its own (its probes unanswered, then back). Looked at just after it came back.
     */
    public Incident rebootHealedThenOneLongOutageBesideIt() {
        background(FAULT_MILLIS + 6_200);
        List<Path> through = events.all(0).stream()
                .filter(p -> p.spine() == 2 && p.src() / 4 != p.dst() / 4)
                .toList();
        down(through, FAULT_MILLIS);
        up(through, FAULT_MILLIS + 4_000);
        Path beside = new Path(0, 0, 4, 0);
        long at = FAULT_MILLIS + 6_000;
        events.retire(beside, at);
        for (long wait = 10; wait <= 40; wait *= 2) {
            events.probeTimeout(beside, at += wait);
        }
        events.readmit(beside, at + 80);
        return new Incident(at + 100, Suspect.Kind.SWITCH, ClosPaths.t1(0, 2));
    }

    /** The healed link of {@link #healedThenAnotherDown}. */
    public static String healedLink() {
        return ClosPaths.fabricLink(0, 0, 0);
    }

    /** A link of plane 0 and one of plane 1 go down at the same instant; the first of the pair is plane 0's. */
    public List<Incident> twoLinksDownInDifferentPlanes() {
        background(FAULT_MILLIS);
        String first = ClosPaths.fabricLink(0, 2, 1);
        String second = ClosPaths.fabricLink(1, 3, 0);
        down(events.through(0, first), FAULT_MILLIS);
        down(events.through(1, second), FAULT_MILLIS);
        return List.of(
                new Incident(FAULT_MILLIS + 2_000, Suspect.Kind.LINK, first),
                new Incident(FAULT_MILLIS + 2_000, Suspect.Kind.LINK, second));
    }

    /**
     * A link of plane 1 flaps: down 400 ms of every second, five times (its paths retired, probed in
     * vain, re-admitted when it comes up); looked at 600 ms into the last up phase, as the benchmark
     * judges it.
     */
    public Incident flappingLink() {
        background(FAULT_MILLIS + 5_000);
        String link = ClosPaths.fabricLink(1, 2, 3);
        List<Path> through = events.through(1, link);
        for (int flap = 0; flap < 5; flap++) {
            long downAt = FAULT_MILLIS + flap * 1_000L;
            for (int i = 0; i < through.size(); i++) {
                events.retire(through.get(i), downAt + i * 100L / through.size());
            }
            for (Path p : through) {
                events.probeTimeout(p, downAt + 200);
            }
            up(through, downAt + 400);
        }
        return new Incident(FAULT_MILLIS + 4_000 + 1_000, Suspect.Kind.LINK, link);
    }

    /** Down 400 ms of every 1,000 in {@link #flapOfAnUplinkBesideASiblingOfItsSpine}. */
    public static final long FLAP_PERIOD_MILLIS = 1_000;

    public static final long FLAP_DOWN_MILLIS = 400;

    /** The other uplink of the flapping link's spine in {@link #flapOfAnUplinkBesideASiblingOfItsSpine}. */
    public static String flappingLinksSibling() {
        return ClosPaths.fabricLink(1, 0, 3);
    }

    /**
     * An uplink of plane 1 flaps five times (down 400 ms of every 1,000) as the benchmark's 2,048-host
     * incident #80 did, beside the other uplink of its spine: in each down phase a random half of the
     * paths through it lose a packet and are retired (only the EVs that carry a packet notice), and
     * probed with the NIC's back-off (10 ms doubling to 1 s) until a probe finds it up. The hosts
     * under the sibling's T0 send late in each step: their paths through the flapping link are retired
     * late in the down phase and most come back after one or two unanswered probes (blips, their
     * retirements kept); the others are retired early and come back after five (long outages).
     * Played up to {@code millisIntoLastUpPhase} into the last up phase, and looked at then.
     */
    public Incident flapOfAnUplinkBesideASiblingOfItsSpine(long millisIntoLastUpPhase) {
        long lookAt = FAULT_MILLIS + 4 * FLAP_PERIOD_MILLIS + FLAP_DOWN_MILLIS + millisIntoLastUpPhase;
        background(lookAt);
        String link = ClosPaths.fabricLink(1, 2, 3);
        List<Path> through = events.through(1, link);
        String sibling = flappingLinksSibling();
        Random random = new Random(5);
        List<PathDecision> decisions = new ArrayList<>();
        PathEvents flapping = new PathEvents(FABRIC, decisions::add);
        long[] outUntil = new long[through.size()];
        for (int flap = 0; flap < 5; flap++) {
            long downAt = FAULT_MILLIS + flap * FLAP_PERIOD_MILLIS;
            for (int i = 0; i < through.size(); i++) {
                Path p = through.get(i);
                if (outUntil[i] > downAt || !random.nextBoolean()) {
                    continue; // still out, or no packet of it crossed the link in this down phase
                }
                boolean late = FABRIC.crosses(p.plane(), p.src(), p.dst(), p.spine(), sibling);
                long at = downAt + (late ? 300 : 0) + random.nextInt(80);
                flapping.retire(p, at);
                long probe = at;
                for (long wait = 10; ; wait = Math.min(2 * wait, 1_000)) {
                    probe += wait;
                    if ((probe - FAULT_MILLIS) % FLAP_PERIOD_MILLIS >= FLAP_DOWN_MILLIS
                            || probe - FAULT_MILLIS >= 5 * FLAP_PERIOD_MILLIS) {
                        break;
                    }
                    flapping.probeTimeout(p, probe);
                }
                flapping.readmit(p, probe);
                outUntil[i] = probe;
            }
        }
        // As the NICs take them: the decisions of all paths in time order.
        decisions.sort(Comparator.comparingLong(PathDecision::arrivalMillis));
        decisions.stream().filter(d -> d.arrivalMillis() <= lookAt).forEach(sink);
        return new Incident(lookAt, Suspect.Kind.LINK, link);
    }
}
