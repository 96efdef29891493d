package org.planewatch.telemetry.path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PathPatternTest {

    private static final TelemetryPath IN_OCTETS =
            TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/in-octets");

    private static boolean matches(String pattern, TelemetryPath leaf) {
        return PathPattern.parse(pattern).matches(leaf);
    }

    @Test
    void aPathSelectsEveryLeafBelowIt() {
        assertTrue(matches("/interfaces", IN_OCTETS));
        assertTrue(matches("/", IN_OCTETS));
        assertFalse(matches("/qos", IN_OCTETS));
    }

    @Test
    void starKeyAndOmittedKeyMatchEveryValue() {
        assertTrue(matches("/interfaces/interface[name=*]/state/counters/in-octets", IN_OCTETS));
        assertTrue(matches("/interfaces/interface/state/counters/in-octets", IN_OCTETS));
        assertFalse(matches("/interfaces/interface[name=eth1]/state/counters/in-octets", IN_OCTETS));
    }

    @Test
    void starElementMatchesExactlyOneElement() {
        assertTrue(matches("/interfaces/*/state/counters/in-octets", IN_OCTETS));
        assertFalse(matches("/*/state/counters/in-octets", IN_OCTETS));
    }

    @Test
    void ellipsisMatchesAnyDepthIncludingNone() {
        assertTrue(matches("/.../in-octets", IN_OCTETS));
        assertTrue(matches("/interfaces/.../counters/in-octets", IN_OCTETS));
        assertTrue(matches("/interfaces/interface/.../state/counters/in-octets", IN_OCTETS));
        assertFalse(matches("/.../out-octets", IN_OCTETS));
    }

    @Test
    void originsMustAgree() {
        assertFalse(matches("mrc:/interfaces", IN_OCTETS));
        assertTrue(matches("openconfig:/interfaces", IN_OCTETS));
    }

    @Test
    void aKeyTheLeafLacksDoesNotMatch() {
        assertFalse(matches("/interfaces/interface[id=3]", IN_OCTETS));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPatternOfManyAnyDepthElementsIsDecidedQuickly() {
        // Each '...' tried every split of the leaf again: 200 of them before a name that is not there
        // took billions of steps (a gNMI Get or Subscribe of such a path held a thread for hours).
        String deep = "/...".repeat(200) + "/nowhere";
        assertFalse(matches(deep, IN_OCTETS));
        assertTrue(matches("/...".repeat(200) + "/in-octets", IN_OCTETS));
        assertFalse(PathPattern.parse("/.../*".repeat(100) + "/nowhere").matches(IN_OCTETS));
        assertTrue(matches("/interfaces/.../.../counters/...", IN_OCTETS));
    }
}
