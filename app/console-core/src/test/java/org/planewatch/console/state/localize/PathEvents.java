package org.planewatch.console.state.localize;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Decisions on the paths of a {@link ClosPaths} fabric, as a NIC takes them: a path is one EV of the
 * QP from {@code src} to {@code dst}, numbered by plane and spine. Times are the store clock's
 * milliseconds; the agent's timestamp is the same instant in nanoseconds.
 */
public final class PathEvents {
    public static final String SOURCE = "sim";
    private final ClosPaths fabric;
    private final Consumer<PathDecision> sink;

    public PathEvents(ClosPaths fabric, Consumer<PathDecision> sink) {
        this.fabric = fabric;
        this.sink = sink;
    }

    /** One EV's path. */
    public record Path(int plane, int src, int dst, int spine) {}

    /** Every path of {@code plane} whose links include {@code link}. */
    public List<Path> through(int plane, String link) {
        List<Path> paths = new ArrayList<>();
        for (Path p : all(plane)) {
            if (fabric.crosses(p.plane(), p.src(), p.dst(), p.spine(), link)) {
                paths.add(p);
            }
        }
        return paths;
    }

    /** Every path of {@code plane}. */
    public List<Path> all(int plane) {
        List<Path> paths = new ArrayList<>();
        for (int src = 0; src < fabric.hosts(); src++) {
            for (int dst = 0; dst < fabric.hosts(); dst++) {
                for (int spine = 0; spine < fabric.spines() && src != dst; spine++) {
                    paths.add(new Path(plane, src, dst, spine));
                }
            }
        }
        return paths;
    }

    public void retire(Path p, long atMillis) {
        decide(p, "GOOD", "ASSUMED_BAD", atMillis);
    }

    /** A probe of a retired path went unanswered. */
    public void probeTimeout(Path p, long atMillis) {
        decide(p, "ASSUMED_BAD", "ASSUMED_BAD", atMillis);
    }

    public void readmit(Path p, long atMillis) {
        decide(p, "ASSUMED_BAD", "GOOD", atMillis);
    }

    /** Retired by a lost packet and re-admitted by the first probe, 20 ms later: a blip. */
    public void blip(Path p, long atMillis) {
        retire(p, atMillis);
        readmit(p, atMillis + 20);
    }

    /** Background: {@code perSecond} blips on random paths of every plane, from {@code fromMillis} for {@code millis}. */
    public void background(Random random, int planes, double perSecond, long fromMillis, long millis) {
        long count = Math.round(perSecond * millis / 1000.0);
        for (long i = 0; i < count; i++) {
            int plane = random.nextInt(planes);
            List<Path> paths = all(plane);
            blip(paths.get(random.nextInt(paths.size())), fromMillis + i * millis / Math.max(1, count));
        }
    }

    private void decide(Path p, String from, String to, long atMillis) {
        sink.accept(new PathDecision(
                SOURCE,
                ClosPaths.host(p.src()),
                p.src() * 1000L + p.dst(),
                p.plane() * fabric.spines() + p.spine(),
                p.plane(),
                fabric.path(p.plane(), p.src(), p.dst(), p.spine()),
                from,
                to,
                atMillis * 1_000_000L,
                atMillis));
    }
}
