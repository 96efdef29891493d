package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.testing.Notifications;

/**
 * A task hands out a link when it is new or its view changed, never again while it stays the same,
 * and says when a link it handed out is gone (ADR 0120: unchanged links are told by their state
 * object), and says when a link it handed out is gone; what it hands out adds up to its view of
 * every link, though it looks only at the links the store's publication changed (ADR 0123).
 */
class HandedOutChangesTest {
    private static final long SECOND_NS = 1_000_000_000L;
    private long nowMillis = 1_000_000;
    private final DevicePartials task = new DevicePartials("0_0", () -> nowMillis);

    /** Switch {@code device}'s port named after its peer (the name fallback), sampled at {@code seconds}. */
    private void port(String device, String peer, long seconds, long outPktsPerSecond) {
        String base = "/interfaces/interface[name=" + peer + "]/state";
        task.apply(NotificationDecoderAccess.decode(
                "fabric",
                Notifications.of(device, seconds * SECOND_NS)
                        .text(base + "/oper-status", "UP")
                        .uint(base + "/counters/out-octets", outPktsPerSecond * seconds * 4000)
                        .uint(base + "/counters/out-pkts", outPktsPerSecond * seconds)
                        .build(),
                nowMillis));
    }

    private void portGone(String device, String peer, long seconds) {
        task.apply(NotificationDecoderAccess.decode(
                "fabric",
                Notifications.of(device, seconds * SECOND_NS)
                        .delete("/interfaces/interface[name=" + peer + "]")
                        .build(),
                nowMillis));
    }

    /** The links of {@code changes}: "id" when handed out, "-id" when gone, in the order handed out. */
    private static List<String> links(List<PlaneInput> changes) {
        return changes.stream()
                .map(c -> c.link() != null
                        ? c.link().link()
                        : c.linkGone() != null ? "-" + c.linkGone().link() : null)
                .filter(Objects::nonNull)
                .sorted()
                .toList();
    }

    @Test
    void aLinkIsHandedOutWhenNewOrChangedAndItsGoingIsTold() {
        for (long s = 0; s <= 1; s++) {
            port("p0-t0-0", "p0-t1-0", s, 1_000);
            port("p0-t0-0", "p0-t1-1", s, 2_000);
        }
        assertEquals(List.of("p0-t0-0~p0-t1-0", "p0-t0-0~p0-t1-1"), links(task.changes()));
        nowMillis += 1_000;
        assertEquals(List.of(), links(task.changes()), "nothing reported: nothing handed out");

        nowMillis += 1_000;
        port("p0-t0-0", "p0-t1-1", 2, 3_000); // one port's rate changes (the switch reported)
        assertEquals(List.of("p0-t0-0~p0-t1-1"), links(task.changes()), "only the link whose view changed");

        nowMillis += 1_000;
        portGone("p0-t0-0", "p0-t1-0", 3);
        assertEquals(List.of("-p0-t0-0~p0-t1-0"), links(task.changes()), "the link whose port went is gone");
        nowMillis += 1_000;
        assertEquals(List.of(), links(task.changes()), "told once");
    }

    @Test
    void theLinksHandedOutAddUpToTheTasksViewOfEveryLinkThroughRandomChanges() {
        Random random = new Random(1127);
        Map<String, LinkPartial> handedOut = new HashMap<>();
        Map<Integer, PlanePartial> planes = new TreeMap<>();
        long seconds = 0;
        for (int step = 0; step < 400; step++) {
            String t0 = "p" + random.nextInt(2) + "-t0-" + random.nextInt(3);
            String peer = random.nextBoolean()
                    ? t0.substring(0, 2) + "-t1-" + random.nextInt(3)
                    : "host-" + random.nextInt(6);
            switch (random.nextInt(6)) {
                case 0, 1, 2 -> port(t0, peer, seconds, random.nextInt(4_000));
                case 3 -> portGone(t0, peer, seconds);
                default -> {
                    seconds++;
                    nowMillis += random.nextInt(5) == 0 ? 30_000 : 1_000; // now and then, the fabric goes quiet
                }
            }
            for (PlaneInput change : task.changes()) {
                if (change.link() != null) {
                    handedOut.put(change.link().link(), change.link());
                } else if (change.linkGone() != null) {
                    assertEquals(true, handedOut.remove(change.linkGone().link()) != null, "gone once handed out");
                } else if (change.plane() != null) {
                    planes.put(change.plane().plane(), change.plane());
                }
            }
            Map<String, LinkPartial> every = new TreeMap<>();
            DevicePartials.linkPartials("0_0", task.latest()).forEach(l -> every.put(l.link(), l));
            assertEquals(every, new TreeMap<>(handedOut), "links at step " + step);
            Map<Integer, PlanePartial> everyPlane = new TreeMap<>();
            DevicePartials.planePartials("0_0", task.latest()).forEach(p -> everyPlane.put(p.plane(), p));
            assertEquals(everyPlane, planes, "planes at step " + step);
        }
    }
}
