package org.planewatch.console.state.localize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.planewatch.console.state.localize.Incidents.Incident;

/** The scorer alone, on synthetic decisions over a small fabric ({@link Incidents}). */
class LocalizerTest {
    private final Localizer localizer = new Localizer(LocalizerSettings.defaults(), Incidents.FABRIC);
    private final Incidents incidents = new Incidents(localizer::observe);

    private Suspect top(Incident incident) {
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertFalse(suspects.isEmpty(), "no suspect at " + incident.lookAtMillis());
        return suspects.getFirst();
    }

    private static List<String> names(List<Suspect> suspects) {
        return suspects.stream().map(Suspect::name).toList();
    }

    @Test
    void aLinkDownIsTheOneSuspectNotItsHostLinksDownlinksOrSwitches() {
        Incident incident = incidents.singleLinkDown();
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertEquals(List.of(incident.culprit()), names(suspects), suspects.toString());
        Suspect top = suspects.getFirst();
        assertEquals(Suspect.Kind.LINK, top.kind());
        assertEquals(1, top.plane());
        assertEquals(16, top.hosts(), "every host sends through it or to a host below it");
        assertEquals(Incidents.FAULT_MILLIS * 1_000_000L, top.firstSeenNs());
    }

    @Test
    void aRebootedSwitchIsOneSuspectNotEachOfItsLinks() {
        Incident incident = incidents.switchReboot();
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertEquals(List.of(incident.culprit()), names(suspects), suspects.toString());
        assertEquals(Suspect.Kind.SWITCH, suspects.getFirst().kind());
    }

    @Test
    void aRebootedSpineIsNamedWhenItsFailedPathsAreTheOnlyEvidence() {
        Incident incident = incidents.switchRebootOnQuietFabric();
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertEquals(List.of(incident.culprit()), names(suspects), suspects.toString());
        assertEquals(Suspect.Kind.SWITCH, suspects.getFirst().kind());
        assertEquals(12, suspects.getFirst().hosts(), "every busy host sends through it");
    }

    @Test
    void aGrayLinkWhoseProbesAreLostTooStaysNamed() {
        Incident incident = incidents.grayLinkLosingProbes();
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertEquals(List.of(incident.culprit()), names(suspects), suspects.toString());
    }

    @Test
    void aGrayLinkIsFoundFromRepeatedRetireAndReadmitCycles() {
        Incident incident = incidents.grayLink();
        Suspect top = top(incident);
        assertEquals(
                incident.culprit(),
                top.name(),
                localizer.rank(incident.lookAtMillis()).toString());
        assertTrue(top.healthyPaths() > 0, "its paths came back each time: " + top);
    }

    @Test
    void twoLinksDownInDifferentPlanesAreTheTwoSuspectsEachFirstInItsPlane() {
        List<Incident> both = incidents.twoLinksDownInDifferentPlanes();
        List<Suspect> suspects = localizer.rank(both.getFirst().lookAtMillis());
        assertEquals(
                both.stream().map(Incident::culprit).sorted().toList(),
                names(suspects).stream().sorted().toList(),
                suspects.toString());
        for (Incident incident : both) {
            Suspect first = suspects.stream()
                    .filter(s -> s.plane() == (incident.culprit().startsWith("p0-") ? 0 : 1))
                    .findFirst()
                    .orElseThrow();
            assertEquals(incident.culprit(), first.name(), suspects.toString());
        }
    }

    @Test
    void aFlappingLinkStaysNamedBetweenItsFlaps() {
        Incident incident = incidents.flappingLink();
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertEquals(List.of(incident.culprit()), names(suspects), suspects.toString());
        assertTrue(suspects.getFirst().healthyPaths() > 0, "its paths are back now: " + suspects);
    }

    @Test
    void aFlappingUplinkStaysFirstThroughItsUpPhaseAndItsSpinesOtherUplinkIsNotNamed() {
        long upPhase = Incidents.FLAP_PERIOD_MILLIS - Incidents.FLAP_DOWN_MILLIS;
        for (long into = 0; into <= upPhase; into += 50) {
            Localizer alone = new Localizer(LocalizerSettings.defaults(), Incidents.FABRIC);
            Incident incident = new Incidents(alone::observe).flapOfAnUplinkBesideASiblingOfItsSpine(into);
            List<Suspect> suspects = alone.rank(incident.lookAtMillis());
            String when = into + " ms into the last up phase: " + suspects;
            assertFalse(suspects.isEmpty(), when);
            assertEquals(incident.culprit(), suspects.getFirst().name(), when);
            assertTrue(suspects.size() <= 2, "at most one other suspect " + when);
            assertFalse(names(suspects).contains(Incidents.flappingLinksSibling()), when);
        }
    }

    @Test
    void aHealedSwitchStaysClearedWhenOnePathBesideItHasALongOutageOfItsOwn() {
        Incident incident = incidents.rebootHealedThenOneLongOutageBesideIt();
        // One long outage through host 0's link and T0, whose other paths crossed the rebooted spine:
        // not a relapse of theirs (one in dozens), so the reboot's retirements stay taken back.
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertEquals(List.of(), names(suspects), suspects.toString());
    }

    @Test
    void pathsThatComeBackGoodClearTheHostLinkTheyCross() {
        Localizer alone = new Localizer(LocalizerSettings.defaults(), Incidents.FABRIC);
        Incident failingOnly = new Incidents(alone::observe).clearedByGoodPaths(false);
        List<Suspect> implicated = alone.rank(failingOnly.lookAtMillis());
        assertEquals(
                Incidents.FABRIC.hostLink(0, 0),
                implicated.getFirst().name(),
                "the failing paths alone implicate the host link as much: " + implicated);

        Incident incident = incidents.clearedByGoodPaths(true);
        Suspect top = top(incident);
        assertEquals(
                incident.culprit(),
                top.name(),
                localizer.rank(incident.lookAtMillis()).toString());
    }

    @Test
    void aHealedLinkDropsOutWhileALinkThatIsDownNowIsNamed() {
        Incident incident = incidents.healedThenAnotherDown();
        List<Suspect> suspects = localizer.rank(incident.lookAtMillis());
        assertEquals(List.of(incident.culprit()), names(suspects), suspects.toString());
        assertFalse(names(suspects).contains(Incidents.healedLink()));
    }

    @Test
    void withoutNewEvidenceASuspectFadesWithItsHalfLifeUnlessPathsStayOut() {
        Incident gray = incidents.grayLink();
        long later = gray.lookAtMillis() + 6 * LocalizerSettings.defaults().halfLifeMillis();
        assertTrue(localizer.rank(later).isEmpty(), "a gray link quiet for six half-lives: " + localizer.rank(later));

        Localizer other = new Localizer(LocalizerSettings.defaults(), Incidents.FABRIC);
        Incident down = new Incidents(other::observe).singleLinkDown();
        assertEquals(
                down.culprit(),
                other.rank(down.lookAtMillis() + 600_000).getFirst().name(),
                "a link whose paths are still out ten minutes later");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFloodOfDecisionsKeepsTheTablesWithinTheirBound() {
        LocalizerSettings settings = LocalizerSettings.defaults();
        ClosPaths fabric = Incidents.FABRIC;
        PathEvents events = new PathEvents(fabric, localizer::observe);
        List<PathEvents.Path> paths = events.all(0);
        long start = System.nanoTime();
        int decisions = 100_000;
        for (int i = 0; i < decisions; i++) {
            PathEvents.Path p = paths.get(i % paths.size());
            // Each decision a path of its own (a new QP every lap): the table cannot keep them all.
            localizer.observe(new PathDecision(
                    "flood",
                    ClosPaths.host(p.src()),
                    i,
                    p.spine(),
                    0,
                    fabric.path(0, p.src(), p.dst(), p.spine()),
                    "GOOD",
                    "ASSUMED_BAD",
                    i,
                    i / 100));
        }
        long nanos = System.nanoTime() - start;
        assertEquals(settings.maxPaths(), localizer.pathCount());
        // 16 hosts x 1 plane: 16 host links, 16 fabric links, 8 switches.
        assertTrue(localizer.elementCount() <= 40, "elements: " + localizer.elementCount());
        assertFalse(localizer.rank(decisions / 100).isEmpty());
        System.out.printf(
                "localizer: %d decisions in %d ms (%.1f us each)%n",
                decisions, nanos / 1_000_000, nanos / 1e3 / decisions);
    }
}
