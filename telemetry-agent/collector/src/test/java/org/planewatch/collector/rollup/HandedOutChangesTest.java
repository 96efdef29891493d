package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.planewatch.console.ingest.NotificationDecoderAccess;
import org.planewatch.console.testing.Notifications;

/**
 * A task hands out a link when it is new or its view changed, never again while it stays the same,
 * and says when a link it handed out is gone (ADR 0120: unchanged links are told by their state
 * object, gone ones by the round that last saw them).
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
}
