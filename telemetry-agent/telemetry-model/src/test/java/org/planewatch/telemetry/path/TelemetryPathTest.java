package org.planewatch.telemetry.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TelemetryPathTest {

    @Test
    void parsesOriginElementsAndKeys() {
        TelemetryPath p = TelemetryPath.parse("mrc:/qps/qp[qpn=12]/evs/ev[id=3]/state/penalty");
        assertEquals("mrc", p.origin());
        assertEquals(6, p.size());
        assertEquals("12", p.elem(1).key("qpn"));
        assertEquals("penalty", p.last().name());
    }

    @Test
    void keyValuesMayContainSlashesAndEscapedBrackets() {
        TelemetryPath p = TelemetryPath.parse("/interfaces/interface[name=Ethernet1/1]/state");
        assertEquals("Ethernet1/1", p.elem(1).key("name"));
        TelemetryPath q = TelemetryPath.parse("/a[k=x\\]y]/b");
        assertEquals("x]y", q.elem(0).key("k"));
        assertEquals("/a[k=x\\]y]/b", q.toString());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/interfaces/interface[name=eth0]/state/counters/in-octets",
                "mrc:/events/event[seq=7]/state/reason",
                "sim:/links/link[name=p0-t0-0:p0-t1-3]/config/state",
                "/a/b[x=1][y=2]/c",
                "/"
            })
    void printsWhatItParses(String text) {
        assertEquals(text, TelemetryPath.parse(text).toString());
    }

    @Test
    void openconfigOriginIsTheEmptyOrigin() {
        assertEquals(TelemetryPath.parse("/interfaces"), TelemetryPath.parse("openconfig:/interfaces"));
    }

    @Test
    void keysPrintSortedSoEqualPathsPrintAlike() {
        PathElem e = new PathElem("q", Map.of("z", "1", "a", "2"));
        assertEquals("q[a=2][z=1]", e.toString());
    }

    @Test
    void rejectsUnclosedKeyNamingThePosition() {
        PathSyntaxException e = assertThrows(
                PathSyntaxException.class, () -> TelemetryPath.parse("/interfaces/interface[name=eth0/state"));
        assertTrue(e.getMessage().contains("not closed"), e.getMessage());
        assertTrue(e.getMessage().contains("character 23"), e.getMessage());
    }

    @Test
    void rejectsEmptyElementsAndKeysWithoutValue() {
        assertThrows(PathSyntaxException.class, () -> TelemetryPath.parse("/a//b"));
        assertThrows(PathSyntaxException.class, () -> TelemetryPath.parse("/a[k]/b"));
        assertThrows(PathSyntaxException.class, () -> TelemetryPath.parse("/a[k=1][k=2]"));
    }

    @Test
    void pathsThatDifferOnlyInKeyValuesRarelyShareAHash() {
        Set<Integer> hashes = new HashSet<>();
        int paths = 0;
        for (int port = 0; port < 512; port++) {
            for (String queue : new String[] {"data", "header"}) {
                for (String leaf : new String[] {"transmit-pkts", "dropped-pkts", "trim-pkts", "max-queue-len"}) {
                    TelemetryPath p = TelemetryPath.parse("/qos/interfaces/interface[interface-id=eth" + port
                            + "]/output/queues/queue[name=" + queue + "]/state/" + leaf);
                    hashes.add(p.hashCode());
                    paths++;
                }
            }
        }
        assertTrue(hashes.size() > paths * 0.999, hashes.size() + " distinct hashes for " + paths + " paths");
    }

    @Test
    void parentDropsTheLastElement() {
        TelemetryPath p = TelemetryPath.parse("mrc:/planes/plane[id=2]/state/tx-pkts");
        assertEquals(TelemetryPath.parse("mrc:/planes/plane[id=2]/state"), p.parent());
        assertTrue(p.parent() == p.parent(), "remembered");
        assertEquals("mrc:/planes/plane/state/tx-pkts", p.shape());
    }

    @Test
    void wildcardPathsAreRecognised() {
        assertTrue(TelemetryPath.parse("/interfaces/interface[name=*]").isWildcard());
        assertTrue(TelemetryPath.parse("/.../state").isWildcard());
        assertFalse(TelemetryPath.parse("/interfaces/interface[name=eth0]").isWildcard());
    }

    @Test
    void childrenOfOnePathShareItAsTheirParentObject() {
        TelemetryPath counters = TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters");
        assertSame(counters, counters.child("in-pkts").parent());
        assertSame(
                counters.child("in-pkts").parent(), counters.child("out-pkts").parent());
    }
}
