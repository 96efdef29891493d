package org.planewatch.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.sim.Simulation;
import org.planewatch.sim.config.FaultSpec;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.telemetry.FabricTelemetry;
import org.planewatch.sim.transport.ExclusionEvent;

/**
 * A scenario's {@code names} section: devices carry the chosen names in telemetry, fault targets and
 * exclusion events, while the simulation underneath is the same as with the default names.
 */
@Timeout(60)
class ChosenNamesTest {

    @TempDir
    Path dir;

    private static final String FABRIC = "fabric: {planes: 2, hostsPerT0: 4, t0PerPlane: 2, t1PerPlane: 3}\n";
    private static final String NAMES = """
            names:
              host: "gpu-r{t0+1:02}-n{k+1:02}"
              t0: "leaf-p{plane}-{i+1:03}"
              t1: "spine-p{plane}-{j+1:02}"
            """;

    private Scenario parse(String yaml) throws ScenarioException {
        return ScenarioLoader.parse(yaml, "named.yaml", dir);
    }

    private static String scenario(String names, String faultLink) {
        return "name: n\nseed: 3\n" + FABRIC + names
                + "workload: {type: permutation, messageBytes: 262144, repeat: 2}\n"
                + "faults:\n  - {atUs: 5, link: \"" + faultLink + "\", action: down}\n"
                + "durationUs: 400\n";
    }

    @Test
    void templatesNameEveryDeviceAndTelemetryCarriesTheChosenNames() throws ScenarioException {
        Scenario scenario = parse(scenario(NAMES, "spine-p1-03~leaf-p1-002"));
        assertEquals(List.of(new FaultSpec.LinkDown(5_000, "leaf-p1-002~spine-p1-03")), scenario.faults());
        FabricTelemetry t = Simulation.build(scenario).telemetry();
        assertEquals("gpu-r01-n01", t.hostName(0));
        assertEquals("gpu-r02-n04", t.hostName(7));
        assertEquals("leaf-p0-001", t.switchName(0));
        assertEquals("spine-p0-01", t.switchName(2));
        assertEquals("leaf-p1-002", t.switchName(6));
        assertEquals("gpu-r02-n01~leaf-p1-002", t.linkName(t.portLink(t.hostPort(4, 1))));
        assertTrue(t.linkIndex("leaf-p1-002~spine-p1-03") >= 0);
        assertEquals(-1, t.linkIndex("p1-t0-1~p1-t1-2"), "default names are not this fabric's");
        assertEquals(6, t.switchIndex("leaf-p1-002"));
    }

    @Test
    void theSimulationIsTheSameAsWithDefaultNamesAndEventsNameTheChosenLinks() throws ScenarioException {
        Scenario named = parse(scenario(NAMES, "leaf-p1-002~spine-p1-03"));
        Scenario plain = parse(scenario("", "p1-t0-1~p1-t1-2"));
        Simulation a = Simulation.build(named);
        Simulation b = Simulation.build(plain);
        a.runUntil(named.durationNs() * 1_000);
        b.runUntil(plain.durationNs() * 1_000);
        assertEquals(b.summary().traceDigest(), a.summary().traceDigest());
        List<ExclusionEvent> events = a.summary().evTransitions();
        assertFalse(events.isEmpty(), "the down link made hosts exclude paths");
        assertTrue(
                events.stream().anyMatch(e -> e.links().contains("leaf-p1-002~spine-p1-03")),
                events.getFirst().links().toString());
        assertTrue(events.stream().flatMap(e -> e.links().stream()).noneMatch(l -> l.contains("host-")));
    }

    @Test
    void anExplicitMapRenamesSingleDevicesByTheirDefaultName() throws ScenarioException {
        Scenario scenario =
                parse(scenario("names: {map: {host-0: alpha, p0-t1-2: zeta.core_9}}\n", "p0-t0-0~zeta.core_9"));
        FabricTelemetry t = Simulation.build(scenario).telemetry();
        assertEquals("alpha", t.hostName(0));
        assertEquals("host-1", t.hostName(1));
        assertEquals("zeta.core_9", t.switchName(4));
    }

    @Test
    void namesThatCollideOrCannotNameADeviceAreRejectedWithTheLineAndTheDevices() {
        ScenarioException same = assertThrows(
                ScenarioException.class, () -> parse(scenario("names: {host: \"gpu-r{t0}\"}\n", "p0-t0-0~p0-t1-0")));
        assertTrue(same.getMessage().contains("named.yaml:4"), same.getMessage());
        assertTrue(same.getMessage().contains("host-0 and host-1 would both be named 'gpu-r0'"), same.getMessage());

        ScenarioException field = assertThrows(
                ScenarioException.class,
                () -> parse(scenario("names: {t1: \"spine-{plane}-{i}\"}\n", "p0-t0-0~p0-t1-0")));
        assertTrue(field.getMessage().contains("unknown field {i}"), field.getMessage());

        ScenarioException tilde = assertThrows(
                ScenarioException.class, () -> parse(scenario("names: {map: {host-0: \"a~b\"}}\n", "p0-t0-0~p0-t1-0")));
        assertTrue(tilde.getMessage().contains("'a~b' is not a device name"), tilde.getMessage());

        ScenarioException unknown = assertThrows(
                ScenarioException.class, () -> parse(scenario("names: {map: {host-99: x}}\n", "p0-t0-0~p0-t1-0")));
        assertTrue(unknown.getMessage().contains("no device 'host-99'"), unknown.getMessage());

        ScenarioException oldName =
                assertThrows(ScenarioException.class, () -> parse(scenario(NAMES, "p1-t0-1~p1-t1-2")));
        assertTrue(oldName.getMessage().contains("gpu-r01-n01, leaf-p0-001 and spine-p0-01"), oldName.getMessage());
    }

    @Test
    void theShippedNamedFabricLoads() throws ScenarioException {
        Scenario scenario = ScenarioLoader.load(Path.of("../scenarios/named-fabric.yaml"));
        assertEquals(
                "leaf-p2-002~spine-p2-04",
                ((FaultSpec.LinkDown) scenario.faults().getFirst()).link());
    }
}
