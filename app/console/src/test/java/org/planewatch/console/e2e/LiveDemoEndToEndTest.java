package org.planewatch.console.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.sim.EmbeddedSimAgent;
import org.planewatch.agent.sim.SimOptions;
import org.planewatch.console.demo.EmbeddedDemo;
import org.planewatch.console.session.LiveSession;
import org.planewatch.console.state.Alarm;
import org.planewatch.console.state.FabricSnapshot;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.TargetConfig;
import org.planewatch.console.view.FrameDriver;
import org.planewatch.console.view.MainWindow;
import org.planewatch.console.viewmodel.MainViewModel;
import org.planewatch.console.viewmodel.ViewId;
import org.planewatch.sim.config.Scenario;
import org.planewatch.sim.scenario.ScenarioLoader;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The console against the real in-process agent serving a simulated fabric over gRPC on loopback:
 * what an operator sees during the demo's incident, and when the agent dies and comes back.
 */
@ExtendWith(ApplicationExtension.class)
class LiveDemoEndToEndTest {
    private static final String FAILED_LINK = "p1-t0-0~p1-t1-1";
    /** 2 planes, 8 hosts under 4 T0s; a core link of plane 1 goes down at 3 simulated ms and
     * comes back at 30: long against the agent's 1 s sampling of gauges even when the simulator has to catch up. */
    private static final String SCENARIO = """
            name: e2e-link-failure
            seed: 5
            fabric: {planes: 2, hostsPerT0: 2, t0PerPlane: 4, t1PerPlane: 2}
            transport: {mode: mrc, evsPerQp: 32}
            workload: {type: training, collective: allreduce, messageBytes: 262144, computeGapNs: 10000, repeat: 100000}
            faults:
              - {atUs: 3000, link: "%s", action: down}
              - {atUs: 30000, link: "%s", action: up}
            durationUs: 600000
            """.formatted(FAILED_LINK, FAILED_LINK);

    private static final SimOptions FAST = SimOptions.defaults().withDilation(250);

    private LiveSession session;
    private MainViewModel viewModel;
    private MainWindow window;
    private FrameDriver frames;
    private EmbeddedDemo demo;
    private EmbeddedSimAgent restarted;

    @Start
    void start(Stage stage) {
        session = new LiveSession(
                InstantSource.system(), new FreshnessPolicy(Duration.ofMillis(1500), Duration.ofMillis(4000)));
        viewModel = new MainViewModel(session.snapshots(), Optional.of(session), Optional.empty(), "end-to-end");
        window = new MainWindow(viewModel);
        stage.setScene(new Scene(window, 1280, 780));
        stage.show();
        frames = new FrameDriver(viewModel);
        frames.start();
    }

    @AfterEach
    void stop() {
        WaitForAsyncUtils.asyncFx(() -> frames.stop());
        session.close();
        if (demo != null) {
            demo.close();
        }
        if (restarted != null) {
            restarted.close();
        }
    }

    private static Scenario scenario() throws Exception {
        return ScenarioLoader.parse(SCENARIO, "e2e.yaml", Path.of("."));
    }

    private FabricSnapshot shown() {
        FabricSnapshot snapshot = viewModel.snapshotProperty().get();
        diagnostics = "snapshot " + snapshot.version() + " planes " + snapshot.planes() + " link "
                + snapshot.link(FAILED_LINK) + " events " + snapshot.events().size() + " suspects "
                + snapshot.suspects()
                + " targets " + snapshot.targets();
        return snapshot;
    }

    private static volatile String diagnostics = "";

    private static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            WaitForAsyncUtils.waitForFxEvents();
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(
                "timed out after " + timeout.toSeconds() + " s waiting until " + what + "; " + diagnostics);
    }

    /** What the operator could see at any frame during the incident (the UI is sampled, not the agent). */
    private static final class Observations {
        double lowestHealth = 1.0;
        boolean alarmSeen;
        /** The top suspect the first time one was named while plane 1 showed lost paths. */
        String topSuspectWhileDown = "";

        int topSuspectHosts;

        void look(FabricSnapshot snapshot, MainViewModel viewModel) {
            snapshot.plane(1).ifPresent(p -> lowestHealth = Math.min(lowestHealth, p.pathHealth()));
            alarmSeen |= viewModel.alarms().active().stream()
                    .anyMatch(a -> a.subject().equals("plane 1"));
            boolean degraded = snapshot.plane(1).map(p -> p.pathHealth() < 1.0).orElse(false);
            if (degraded && !snapshot.suspects().isEmpty() && topSuspectWhileDown.isEmpty()) {
                topSuspectWhileDown = snapshot.suspects().getFirst().name();
                topSuspectHosts = snapshot.suspects().getFirst().hosts();
            }
        }
    }

    @Test
    void theDemoLinkFailureIsSuspectedOnItsLinkAndPlaneHealthDropsThenRecovers(FxRobot robot) throws Exception {
        demo = EmbeddedDemo.start(scenario(), FAST);
        session.add(demo.target());
        Observations seen = new Observations();
        await(
                "the fabric is LIVE",
                Duration.ofSeconds(30),
                () -> shown().plane(1).isPresent() && badge(robot).equals("LIVE"));

        // Sampled from the state owner's newest snapshot (what the next frame shows), so a starved FX thread
        // on a loaded machine cannot make the test miss the outage.
        await("plane 1 loses paths and then gets them back", Duration.ofSeconds(90), () -> {
            FabricSnapshot latest = session.snapshots().latest();
            seen.look(latest, viewModel);
            diagnostics = "lowest health " + seen.lowestHealth + ", top suspect " + seen.topSuspectWhileDown + ", now "
                    + latest.plane(1) + " suspects " + latest.suspects();
            return !seen.topSuspectWhileDown.isEmpty()
                    && seen.lowestHealth < 1.0
                    && latest.plane(1)
                            .map(p -> p.pathHealth() == 1.0 && p.linksDown() == 0)
                            .orElse(false);
        });
        assertEquals(FAILED_LINK, seen.topSuspectWhileDown, "the link the exclusions point at");
        assertTrue(seen.topSuspectHosts >= 2, seen.topSuspectHosts + " hosts");
        assertTrue(seen.alarmSeen, "an alarm was raised for plane 1");
        assertEquals(1.0, shown().plane(0).orElseThrow().pathHealth(), "the other plane is untouched");
        assertTrue(
                shown().events().stream().anyMatch(e -> e.plane() == 1 && "PROBE_OK".equals(e.reason())),
                "probes re-admitted the retired EVs");

        WaitForAsyncUtils.asyncFx(() -> viewModel.currentViewProperty().set(ViewId.EXCLUSIONS));
        await(
                "the exclusions view drops the suspect once its paths came back",
                Duration.ofSeconds(15),
                () -> onFx(() -> robot.lookup("#suspects-table").queryAs(TableView.class).getItems().stream()
                        .noneMatch(x -> ((Suspect) x).name().equals(FAILED_LINK))));
        assertTrue(onFx(() -> robot.lookup("#exclusion-table")
                        .queryAs(TableView.class)
                        .getItems()
                        .size())
                > 0);
        await(
                "the plane's alarms clear",
                Duration.ofSeconds(15),
                () -> viewModel.alarms().active().stream()
                        .noneMatch(a -> a.subject().equals("plane 1")));
        assertTrue(
                viewModel.alarms().recent().stream().anyMatch(a -> a.subject().equals("plane 1") && !a.active()));
    }

    @Test
    void aKilledAgentGoesStaleThenLostAndComesBackLive(FxRobot robot) throws Exception {
        demo = EmbeddedDemo.start(scenario(), FAST);
        int port = demo.target().port();
        session.add(TargetConfig.insecure("agent", "127.0.0.1", port, List.of("*")));
        await("LIVE", Duration.ofSeconds(20), () -> badge(robot).equals("LIVE"));

        demo.close();
        demo = null;
        await("STALE", Duration.ofSeconds(10), () -> badge(robot).equals("STALE"));
        await("LOST", Duration.ofSeconds(15), () -> badge(robot).equals("LOST"));
        assertTrue(viewModel.alarms().active().stream().anyMatch(a -> a.kind() == Alarm.Kind.TARGET_LOST));
        String detail = shown().targets().getFirst().detail();
        assertTrue(detail.contains("127.0.0.1:" + port), detail);

        restarted = EmbeddedSimAgent.start(scenario(), FAST, false, port, StructuredLog.silent());
        await("LIVE again", Duration.ofSeconds(30), () -> badge(robot).equals("LIVE"));
        await(
                "the LOST alarm clears",
                Duration.ofSeconds(10),
                () -> viewModel.alarms().active().stream().noneMatch(a -> a.kind() == Alarm.Kind.TARGET_LOST));
    }

    @Test
    void faultInjectionThroughGnmiSetTakesALinkDownAndBringsItBack(FxRobot robot) throws Exception {
        String link = "p0-t0-1~p0-t1-0";
        demo = EmbeddedDemo.start(scenario(), FAST);
        session.add(demo.target());
        var faults = session.faultControl(demo.target());
        await(
                "the link is known and up",
                Duration.ofSeconds(30),
                () -> shown().link(link).map(l -> l.up()).orElse(false));

        faults.setLink(link, false).get(10, TimeUnit.SECONDS);
        await(
                "the injected failure shows",
                Duration.ofSeconds(30),
                () -> shown().link(link).map(l -> !l.up()).orElse(false));
        faults.setLink(link, true).get(10, TimeUnit.SECONDS);
        await(
                "the link comes back",
                Duration.ofSeconds(30),
                () -> shown().link(link).map(l -> l.up()).orElse(false));

        var refused = faults.setLink("p0-t0-9~p0-t1-0", false);
        var error = Assertions.assertThrows(ExecutionException.class, () -> refused.get(10, TimeUnit.SECONDS));
        assertTrue(
                error.getCause().getMessage().contains("no link named 'p0-t0-9~p0-t1-0'"),
                error.getCause().getMessage());
    }

    @Test
    void drillingIntoAHostOfTheDemoShowsTheEvGridOfItsQp(FxRobot robot) throws Exception {
        demo = EmbeddedDemo.start(scenario(), FAST);
        session.add(demo.target());
        await(
                "the hosts are known",
                Duration.ofSeconds(30),
                () -> !shown().hosts().isEmpty());
        String host = shown().hosts().getFirst().name();
        WaitForAsyncUtils.asyncFx(() -> viewModel.openHost(host));
        // The agent publishes per-EV state only for what is subscribed explicitly: the drill-down asks for it.
        await(
                "the host view shows the 32 EVs of a QP of " + host,
                Duration.ofSeconds(30),
                () -> onFx(() -> robot.lookup("#ev-title").queryAs(Label.class).getText())
                        .matches("QP \\d+: 32 EVs .*"));
    }

    private static String badge(FxRobot robot) {
        return onFx(() -> robot.lookup("#freshness-badge").queryAs(Label.class).getText());
    }

    /**
     * {@code read} on the FX thread: a lookup walks every window's scene, and from the test's thread it
     * raced a window (a tooltip, a popup) being made or closed, whose root was still null (seen in CI).
     */
    private static <T> T onFx(Callable<T> read) {
        try {
            return WaitForAsyncUtils.asyncFx(read).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted reading the window", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("reading the window: " + e, e);
        }
    }
}
