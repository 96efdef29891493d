package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.planewatch.collector.testing.DirectRead;
import org.planewatch.collector.testing.SimAgent;
import org.planewatch.collector.testing.WholeModel;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.LinkRollup;

/**
 * A per-device task that holds a fabric's switches and only some of their hosts (the rollups'
 * partitions split devices by a hash of their names, so every T0 has hosts in other tasks) places the
 * neighbors of its switches as the whole fabric does once the other tasks' roles reached it (ADR
 * 0116), and before that never takes a host it has not heard of for a T1 (ADR 0139). Here the task
 * holds every switch and one host per T0; the other task holds the other hosts. The fabric is read
 * twice: under the default names, and under names no pattern of the console knows.
 */
class FleetRolesTest {
    private static final long NOW = 1_000_000;

    /** One fabric read from the simulated agent, split between the two tasks. */
    private record Fabric(
            Set<String> hosts,
            Set<String> withTheSwitches,
            List<IngestEvent.Notification> ofHosts,
            List<IngestEvent.Notification> ofSwitches,
            Set<String> wholeLinks) {}

    private static Fabric defaultNames;
    private static Fabric chosenNames;

    @BeforeAll
    @Timeout(60)
    static void readTheFabrics(@TempDir Path dir) throws Exception {
        try (SimAgent agent = SimAgent.startWithALinkDown()) {
            defaultNames = read(
                    DirectRead.readAll(agent, Files.createDirectory(dir.resolve("default")), 2, Duration.ofSeconds(2)));
        }
        try (SimAgent agent = SimAgent.startWithChosenNames()) {
            chosenNames = read(
                    DirectRead.readAll(agent, Files.createDirectory(dir.resolve("chosen")), 2, Duration.ofSeconds(2)));
        }
        assertTrue(
                chosenNames.hosts().stream().allMatch(h -> h.startsWith("gpu-")),
                "chosen names: " + chosenNames.hosts());
    }

    private static Fabric read(List<IngestEvent.Notification> read) {
        FabricSnapshot all = WholeModel.of(read, NOW);
        Set<String> hosts = new HashSet<>();
        all.hosts().forEach(h -> hosts.add(h.name()));
        Map<String, String> firstHostOfT0 = new TreeMap<>();
        Set<String> wholeLinks = new TreeSet<>();
        for (FabricSnapshot.LinkState link : all.links()) {
            wholeLinks.add(link.id() + " " + link.kind() + " plane " + link.plane());
            if (link.kind() == FabricSnapshot.LinkKind.HOST_T0) {
                firstHostOfT0.merge(link.upperEnd(), link.lowerEnd(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
            }
        }
        Set<String> withTheSwitches = new HashSet<>(firstHostOfT0.values());
        List<IngestEvent.Notification> ofHosts = new ArrayList<>();
        List<IngestEvent.Notification> ofSwitches = new ArrayList<>();
        for (IngestEvent.Notification n : read) {
            boolean other = hosts.contains(n.target()) && !withTheSwitches.contains(n.target());
            (other ? ofHosts : ofSwitches).add(n);
        }
        assertEquals(16, hosts.size(), "the fabric's hosts");
        assertEquals(2 * (4 * 4 + 16), wholeLinks.size(), "2 planes of 16 core links and 16 host links");
        assertEquals(8, firstHostOfT0.size(), "a host of each of the 8 T0s with the switches");
        assertEquals(
                4, new HashSet<>(firstHostOfT0.values()).size(), "a host's two plane ports face a T0 of each plane");
        return new Fabric(hosts, withTheSwitches, ofHosts, ofSwitches, wholeLinks);
    }

    @Test
    void aTaskWithSomeHostsTakesTheOthersForT1sOnItsOwn() {
        DevicePartials switches = new DevicePartials("0_1", () -> NOW);
        defaultNames.ofSwitches().forEach(switches::apply);
        Set<String> links = linksOf(switches.changes(), new HashMap<>());
        assertNotEquals(defaultNames.wholeLinks(), links, "the cause this fixes: a host link is taken for a core link");
        assertTrue(
                links.stream().anyMatch(l -> l.contains("host-") && l.contains("T0_T1")),
                "a host end named as a T1's: " + links);
    }

    @Test
    void aTaskWithSomeHostsPlacesTheOthersOnceTheOtherTaskToldTheirRoles() {
        placesTheOthersOnceTold(defaultNames);
    }

    @Test
    void underNamesNoPatternKnowsAHostNotHeardOfIsNoLinkUntilItsRoleIsTold() {
        Set<String> before = placesTheOthersOnceTold(chosenNames);
        Set<String> notHeard = new HashSet<>(chosenNames.hosts());
        notHeard.removeAll(chosenNames.withTheSwitches());
        assertTrue(
                before.stream().noneMatch(l -> notHeard.stream().anyMatch(l::contains)),
                "no link to a host not heard of: " + before);
        assertEquals(
                2 * (4 * 4) + 2 * chosenNames.withTheSwitches().size(),
                before.size(),
                "the core links, and the two plane links of each host the task holds: " + before);
    }

    /**
     * The switches' task before and after the hosts' task told its roles: no host taken for a T1
     * before, the whole fabric's links after. Returns the links before.
     */
    private static Set<String> placesTheOthersOnceTold(Fabric fabric) {
        DevicePartials hosts = new DevicePartials("0_0", () -> NOW);
        fabric.ofHosts().forEach(hosts::apply);
        List<PlaneInput> fromHosts = hosts.changes();
        List<FleetRole> roles = hosts.roles();
        assertEquals(
                fabric.hosts().size() - fabric.withTheSwitches().size(),
                roles.stream().filter(FleetRole::isHost).count(),
                "every host of the task told");
        assertEquals(
                2 * 4,
                roles.stream().filter(r -> r.t0Plane() >= 0).count(),
                "every T0 told, with its plane, from its hosts' plane ports");
        assertEquals(0, roles.stream().filter(r -> r.t1Plane() >= 0).count(), "a task of hosts tells no T1");
        assertTrue(hosts.roles().isEmpty(), "roles are told once");

        MapFleetRoles fleet = new MapFleetRoles();
        DevicePartials switches = new DevicePartials("0_1", () -> NOW, fleet);
        fabric.ofSwitches().forEach(switches::apply);
        Map<String, LinkPartial> seen = new HashMap<>();
        Set<String> before = linksOf(switches.changes(), seen);
        assertTrue(
                before.stream()
                        .noneMatch(l ->
                                l.contains("T0_T1") && fabric.hosts().stream().anyMatch(l::contains)),
                "before the roles arrive, no host is taken for a T1: " + before);
        List<FleetRole> told = switches.roles();
        assertEquals(2 * 4, told.stream().filter(r -> r.t1Plane() >= 0).count(), "the task's T1s told: " + told);

        roles.forEach(fleet::learn); // the roles topic, read back by the task
        Set<String> after = linksOf(switches.changes(), seen);
        assertEquals(fabric.wholeLinks(), after, "the links of the whole fabric, wrong ones gone");

        PlaneBook book = new PlaneBook(AlarmThresholds.defaults(), () -> NOW);
        fromHosts.forEach(book::take);
        Set<String> rolled = new TreeSet<>();
        for (RollupOutput out : book.tick()) {
            if (out.kind() == RollupOutput.Kind.LINKS && out.value() instanceof LinkRollup link) {
                rolled.add(link.link());
            }
        }
        assertTrue(rolled.isEmpty(), "links come from switch ports: the hosts' task has none " + rolled);
        for (String link : after) {
            String id = link.substring(0, link.indexOf(' '));
            String upper = id.substring(id.indexOf('~') + 1);
            assertFalse(fabric.hosts().contains(upper), "no link names a host as its upper end: " + id);
        }
        return before;
    }

    @Test
    void aT0SeesItsT1sOnlyOnceTheirTaskToldThem() {
        Fabric fabric = chosenNames;
        List<IngestEvent.Notification> t0s = new ArrayList<>();
        List<IngestEvent.Notification> t1s = new ArrayList<>();
        for (IngestEvent.Notification n : fabric.ofSwitches()) {
            (n.target().startsWith("spine-") ? t1s : t0s).add(n);
        }
        MapFleetRoles fleet = new MapFleetRoles();
        DevicePartials hosts = new DevicePartials("0_0", () -> NOW);
        fabric.ofHosts().forEach(hosts::apply);
        hosts.changes();
        hosts.roles().forEach(fleet::learn);

        DevicePartials ofT0s = new DevicePartials("0_1", () -> NOW, fleet);
        t0s.forEach(ofT0s::apply);
        Map<String, LinkPartial> seen = new HashMap<>();
        Set<String> before = linksOf(ofT0s.changes(), seen);
        assertTrue(before.stream().noneMatch(l -> l.contains("T0_T1")), "no T1 told, no core link: " + before);
        assertEquals(2 * 16, before.size(), "the host links, two planes of 16 hosts: " + before);

        DevicePartials ofT1s = new DevicePartials("0_2", () -> NOW, fleet);
        t1s.forEach(ofT1s::apply);
        ofT1s.changes();
        List<FleetRole> told = ofT1s.roles();
        assertEquals(8, told.size(), "each T1 told, and nothing else: " + told);
        assertTrue(
                told.stream()
                        .allMatch(r -> r.t1Plane()
                                == Integer.parseInt(r.device().substring("spine-p".length(), "spine-p".length() + 1))),
                "each in its plane: " + told);
        told.forEach(fleet::learn);
        assertEquals(
                fabric.wholeLinks(), linksOf(ofT0s.changes(), seen), "the whole fabric's links once the T1s are told");
    }

    @Test
    void aRoleReadsBackFromItsValue() {
        for (FleetRole role : List.of(FleetRole.host("gpu-1"), FleetRole.t0("leaf-3", 5), FleetRole.t1("spine-2", 7))) {
            assertEquals(role, FleetRole.parse(role.device(), role.value()), role.value());
        }
        assertEquals("3", FleetRole.t0("leaf", 3).value(), "a T0 is written as before (ADR 0116)");
        assertEquals(null, FleetRole.parse("x", "t1:-1"), "a negative plane is no role");
        assertEquals(null, FleetRole.parse("x", "spine"), "nor anything else");
    }

    /**
     * The links a task's changes leave it showing, as id, kind and plane: {@code seen} carries what
     * earlier changes showed (a gone link leaves it).
     */
    private static Set<String> linksOf(List<PlaneInput> changes, Map<String, LinkPartial> seen) {
        for (PlaneInput change : changes) {
            if (change.link() != null) {
                seen.put(change.link().link(), change.link());
            } else if (change.linkGone() != null) {
                seen.remove(change.linkGone().link());
            }
        }
        Set<String> links = new TreeSet<>();
        for (LinkPartial link : seen.values()) {
            links.add(link.link() + " " + link.kind() + " plane " + link.plane());
        }
        return links;
    }
}
