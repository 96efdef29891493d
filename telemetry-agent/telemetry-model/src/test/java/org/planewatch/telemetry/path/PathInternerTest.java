package org.planewatch.telemetry.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PathInternerTest {
    private static final String COUNTER = "/interfaces/interface[name=swp%d]/state/counters/in-octets";

    @Test
    void equalPathsParsedApartComeBackAsTheInstanceInternedFirst() {
        PathInterner interner = new PathInterner(16);
        TelemetryPath first = TelemetryPath.parse(COUNTER.formatted(1));
        TelemetryPath second = TelemetryPath.parse(COUNTER.formatted(1));
        assertNotSame(first, second);
        assertSame(first, interner.intern(first));
        assertSame(first, interner.intern(second));
        assertSame(first, interner.intern(TelemetryPath.parse(COUNTER.formatted(1))));
    }

    @Test
    void pathsThatDifferOnlyInAKeyStayApart() {
        PathInterner interner = new PathInterner(16);
        TelemetryPath one = interner.intern(TelemetryPath.parse(COUNTER.formatted(1)));
        TelemetryPath two = interner.intern(TelemetryPath.parse(COUNTER.formatted(2)));
        assertNotSame(one, two);
        assertEquals(TelemetryPath.parse(COUNTER.formatted(2)), two);
    }

    @Test
    void pastItsBoundTheTableStartsAfreshInsteadOfGrowing() {
        PathInterner interner = new PathInterner(4);
        TelemetryPath first = interner.intern(TelemetryPath.parse(COUNTER.formatted(0)));
        for (int port = 1; port < 100; port++) {
            interner.intern(TelemetryPath.parse(COUNTER.formatted(port)));
        }
        assertEquals(4, interner.size(), "never more than its bound");
        TelemetryPath again = TelemetryPath.parse(COUNTER.formatted(0));
        assertSame(again, interner.intern(again), "a path forgotten at a fresh start is interned anew");
        assertNotSame(first, again);
    }

    @Test
    void aBoundBelowOneIsRefusedWithItsValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PathInterner(0));
        assertEquals("an interner holds at least one path, got 0", e.getMessage());
    }
}
