package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.agent.backend.LeafLayout;
import org.planewatch.agent.backend.LeafTable;
import org.planewatch.telemetry.path.TelemetryPath;

/** suppress_redundant by table: a leaf is sent while it changes, once more unchanged, then held back. */
class SampledTablesTest {

    private static final LeafLayout LAYOUT = new LeafLayout(List.of(
            TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/in-octets"),
            TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/out-octets"),
            TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/in-errors")));

    private static final int[] ALL = {0, 1, 2};

    /** in-octets moves until the third publication, out-octets at every one, in-errors never. */
    private static LeafTable publication(long n, LeafTable previous) {
        return new LeafTable.Builder(LAYOUT)
                .uint(Math.min(n, 2) * 100)
                .uint(n * 1_000)
                .uint(0)
                .build()
                .following(previous);
    }

    @Test
    void aLeafIsSentWhileItChangesThenOnceMoreUnchangedThenHeldBack() {
        SampledTables sampled = new SampledTables(1);
        LeafTable t = publication(0, null);
        sampled.initial("sw", t);
        t = publication(1, t);
        assertArrayEquals(ALL, sampled.due("sw", 0, t, ALL), "after the initial state: every leaf once more");
        t = publication(2, t);
        assertArrayEquals(new int[] {0, 1}, sampled.due("sw", 0, t, ALL), "in-errors stood still twice");
        t = publication(3, t);
        assertArrayEquals(new int[] {0, 1}, sampled.due("sw", 0, t, ALL), "in-octets stopped: sent unchanged once");
        t = publication(4, t);
        assertArrayEquals(new int[] {1}, sampled.due("sw", 0, t, ALL));
        assertNull(sampled.due("sw", 0, t, ALL), "the same table again: nothing new");
    }

    @Test
    void samplesThatSkipPublicationsCompareWithTheTablesTheyRead() {
        SampledTables sampled = new SampledTables(1);
        LeafTable t = publication(0, null);
        sampled.initial("sw", t);
        for (int n = 1; n <= 3; n++) {
            t = publication(n, t);
        }
        assertArrayEquals(ALL, sampled.due("sw", 0, t, ALL));
        for (int n = 4; n <= 7; n++) {
            t = publication(n, t);
        }
        // in-octets last moved at publication 2: sent at 3 with its rate over 0..3, so once more now (rate 0)
        assertArrayEquals(new int[] {0, 1}, sampled.due("sw", 0, t, ALL));
        for (int n = 8; n <= 9; n++) {
            t = publication(n, t);
        }
        assertArrayEquals(new int[] {1}, sampled.due("sw", 0, t, ALL));
    }

    @Test
    void eachSubscriptionAndTargetKeepsItsOwnSamples() {
        SampledTables sampled = new SampledTables(2);
        LeafTable t = publication(0, null);
        sampled.initial("a", t);
        t = publication(1, t);
        t = publication(2, t);
        assertArrayEquals(ALL, sampled.due("a", 0, t, ALL));
        assertArrayEquals(new int[] {2}, sampled.due("a", 1, t, new int[] {2}), "subscription 1's own first sample");
        assertArrayEquals(ALL, sampled.due("b", 0, t, ALL), "a target never sampled: everything");
    }
}
