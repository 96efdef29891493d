package org.planewatch.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.planewatch.sim.config.FabricConfig;

class FabricNamesTest {

    /** 2 planes, 2 T0 of 4 hosts, 3 T1: hosts 0..7. */
    private final FabricNames names = new FabricNames(
            new FabricConfig(2, 4, 2, 3, 100, 1_000, 4_096, 64, 100_000, 200_000, 20_000, 80_000, true, 0, 8));

    @Test
    void linkNamesAreAcceptedEitherWayRoundAndMadeCanonical() {
        assertEquals("host-5~p1-t0-1", names.canonicalLink("host-5~p1-t0-1"));
        assertEquals("host-5~p1-t0-1", names.canonicalLink("p1-t0-1~host-5"));
        assertEquals("p0-t0-1~p0-t1-2", names.canonicalLink("p0-t1-2~p0-t0-1"));
        assertEquals("p0-t0-1~p0-t1-2", FabricNames.link(FabricNames.t0(0, 1), FabricNames.t1(0, 2)));
    }

    @Test
    void rejectsElementsOutsideTheFabric() {
        assertEquals(
                "unknown link 'host-8~p0-t0-1' (fabric has hosts 0..7)",
                message(() -> names.canonicalLink("host-8~p0-t0-1")));
        assertEquals(
                "unknown link 'p0-t0-2~p0-t1-0' (fabric has T0 switches 0..1 per plane)",
                message(() -> names.canonicalLink("p0-t0-2~p0-t1-0")));
        assertEquals("unknown switch 'p2-t1-0' (fabric has planes 0..1)", message(() -> names.checkSwitch("p2-t1-0")));
    }

    @Test
    void rejectsPairsThatNoLinkJoins() {
        assertEquals(
                "no link 'host-1~p0-t1-0' (links join a host to a T0 switch or a T0 to a T1 switch)",
                message(() -> names.canonicalLink("host-1~p0-t1-0")));
        assertEquals(
                "no link 'p0-t0-0~p0-t0-1' (links join a host to a T0 switch or a T0 to a T1 switch)",
                message(() -> names.canonicalLink("p0-t0-0~p0-t0-1")));
    }

    @Test
    void rejectsNamesWithLeadingZerosOrWrongShape() {
        assertEquals(
                "malformed link name 'p01-t0-1~p1-t1-0' ('p01-t0-1' is not host-<n>, p<plane>-t0-<i> or "
                        + "p<plane>-t1-<j>)",
                message(() -> names.canonicalLink("p01-t0-1~p1-t1-0")));
        assertEquals(
                "malformed switch name 'spine-3' ('spine-3' is not host-<n>, p<plane>-t0-<i> or p<plane>-t1-<j>)",
                message(() -> names.checkSwitch("spine-3")));
    }

    private static String message(Executable call) {
        return assertThrows(IllegalArgumentException.class, call).getMessage();
    }
}
