package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;

/** A gNMI delete removes the path and everything below it, whatever kind of node it names. */
class DictionaryTest {
    private final Dictionary dictionary = new Dictionary();
    private final int host = dictionary.stringId("host-1");
    private final int other = dictionary.stringId("host-2");

    DictionaryTest() {
        for (int seq = 0; seq < 3; seq++) {
            for (String leaf : List.of("to-state", "from-state", "reason")) {
                dictionary.leafId(host, path("mrc:/events/event[seq=" + seq + "]/state/" + leaf));
                dictionary.leafId(other, path("mrc:/events/event[seq=" + seq + "]/state/" + leaf));
            }
        }
        dictionary.leafId(host, path("mrc:/events/state/next-seq"));
    }

    @Test
    void deletingAListEntryRemovesItsLeavesOnThatTargetOnly() {
        assertEquals(
                Set.of(
                        "mrc:/events/event[seq=1]/state/to-state",
                        "mrc:/events/event[seq=1]/state/from-state",
                        "mrc:/events/event[seq=1]/state/reason"),
                below(host, "mrc:/events/event[seq=1]"));
    }

    @Test
    void deletingAContainerInsideAListEntryRemovesWhatIsBelowIt() {
        assertEquals(
                Set.of(
                        "mrc:/events/event[seq=2]/state/to-state",
                        "mrc:/events/event[seq=2]/state/from-state",
                        "mrc:/events/event[seq=2]/state/reason"),
                below(host, "mrc:/events/event[seq=2]/state"));
    }

    @Test
    void deletingOneLeafRemovesThatLeaf() {
        assertEquals(
                Set.of("mrc:/events/event[seq=0]/state/reason"), below(host, "mrc:/events/event[seq=0]/state/reason"));
    }

    @Test
    void deletingAContainerAboveEveryListEntryRemovesTheWholeSubtree() {
        assertEquals(10, below(host, "mrc:/events").size());
        assertEquals(Set.of("mrc:/events/state/next-seq"), below(host, "mrc:/events/state"));
    }

    private Set<String> below(int target, String path) {
        return dictionary.leavesAtOrBelow(target, path(path)).stream()
                .map(id -> dictionary.leaf(id).path().toString())
                .collect(Collectors.toSet());
    }

    private static TelemetryPath path(String text) {
        return TelemetryPath.parse(text);
    }
}
