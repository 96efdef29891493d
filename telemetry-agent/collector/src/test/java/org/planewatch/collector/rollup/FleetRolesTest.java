package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * 0116). Here the task holds every switch and one host per T0 (host-0, host-4, ...: four hosts per T0);
 * the other task holds the other hosts.
 */
class FleetRolesTest {
    private static final long NOW = 1_000_000;
    private static final Set<String> HOSTS = new HashSet<>();
    /** The hosts but one per T0. */
    private static final List<IngestEvent.Notification> OF_HOSTS = new ArrayList<>();
    /** The switches, and one host per T0. */
    private static final List<IngestEvent.Notification> OF_SWITCHES = new ArrayList<>();

    private static final Set<String> WITH_THE_SWITCHES = Set.of("host-0", "host-4", "host-8", "host-12");
    /** The links of a store of every device, as id, kind and plane. */
    private static Set<String> wholeLinks;

    @BeforeAll
    @Timeout(60)
    static void readTheFabric(@TempDir Path dir) throws Exception {
        List<IngestEvent.Notification> read;
        try (SimAgent agent = SimAgent.startWithALinkDown()) {
            read = DirectRead.readAll(agent, dir, 2, Duration.ofSeconds(2));
        }
        FabricSnapshot all = WholeModel.of(read, NOW);
        all.hosts().forEach(h -> HOSTS.add(h.name()));
        for (IngestEvent.Notification n : read) {
            boolean other = HOSTS.contains(n.target()) && !WITH_THE_SWITCHES.contains(n.target());
            (other ? OF_HOSTS : OF_SWITCHES).add(n);
        }
        wholeLinks = new TreeSet<>();
        for (FabricSnapshot.LinkState link : all.links()) {
            wholeLinks.add(link.id() + " " + link.kind() + " plane " + link.plane());
        }
        assertEquals(16, HOSTS.size(), "the fabric's hosts");
        assertEquals(2 * (4 * 4 + 16), wholeLinks.size(), "2 planes of 16 core links and 16 host links");
    }

    @Test
    void aTaskWithSomeHostsTakesTheOthersForT1sOnItsOwn() {
        DevicePartials switches = new DevicePartials("0_1", () -> NOW);
        OF_SWITCHES.forEach(switches::apply);
        Set<String> links = linksOf(switches.changes(), new HashMap<>());
        assertNotEquals(wholeLinks, links, "the cause this fixes: a host link is taken for a core link");
        assertTrue(
                links.stream().anyMatch(l -> l.contains("host-") && l.contains("T0_T1")),
                "a host end named as a T1's: " + links);
    }

    @Test
    void aTaskWithSomeHostsPlacesTheOthersOnceTheOtherTaskToldTheirRoles() {
        DevicePartials hosts = new DevicePartials("0_0", () -> NOW);
        OF_HOSTS.forEach(hosts::apply);
        List<PlaneInput> fromHosts = hosts.changes();
        List<FleetRole> roles = hosts.roles();
        assertEquals(
                HOSTS.size() - WITH_THE_SWITCHES.size(),
                roles.stream().filter(FleetRole::isHost).count(),
                "every host of the task told");
        assertEquals(
                2 * 4,
                roles.stream().filter(r -> !r.isHost()).count(),
                "every T0 told, with its plane, from its hosts' plane ports");
        assertTrue(hosts.roles().isEmpty(), "roles are told once");

        MapFleetRoles fleet = new MapFleetRoles();
        DevicePartials switches = new DevicePartials("0_1", () -> NOW, fleet);
        OF_SWITCHES.forEach(switches::apply);
        Map<String, LinkPartial> seen = new HashMap<>();
        Set<String> before = linksOf(switches.changes(), seen);
        assertNotEquals(wholeLinks, before, "before the roles arrive, as on its own");

        roles.forEach(fleet::learn); // the roles topic, read back by the task
        Set<String> after = linksOf(switches.changes(), seen);
        assertEquals(wholeLinks, after, "the links of the whole fabric, wrong ones gone");

        PlaneBook book = new PlaneBook(AlarmThresholds.defaults(), () -> NOW);
        fromHosts.forEach(book::take);
        Set<String> rolled = new TreeSet<>();
        for (RollupOutput out : book.tick()) {
            if (out.kind() == RollupOutput.Kind.LINKS && out.value() instanceof LinkRollup link) {
                rolled.add(link.link());
            }
        }
        assertTrue(rolled.isEmpty(), "links come from switch ports: the hosts' task has none " + rolled);
        Set<String> ids = new TreeSet<>();
        for (String link : after) {
            ids.add(link.substring(0, link.indexOf(' ')));
        }
        assertFalse(
                ids.stream()
                        .anyMatch(id -> id.startsWith("p")
                                && id.substring(id.indexOf('~') + 1).startsWith("host-")),
                "no link names a host as its upper end: " + ids);
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
