package org.planewatch.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The collector's {@code .deb} on a host, like the agent's: it installs the systemd unit, the
 * configuration and an example targets file under /etc/planewatch, its state directory and the
 * dedicated user; the installed collector starts with the shipped configuration (a demo: embedded
 * broker, rollups, /metrics) as that user and its {@code /metrics} answers; a purge leaves nothing
 * of it behind.
 */
class CollectorInstallerTest {
    private static final Path UNIT = Path.of("/lib/systemd/system/planewatch-collector.service");
    private static final Path CONFIG = Path.of("/etc/planewatch/collector.conf");
    private static final Path TARGETS = Path.of("/etc/planewatch/targets.yaml");
    private static final Path STATE = Path.of("/var/lib/planewatch-collector");
    private static final String COLLECTOR = "/opt/planewatch-collector/bin/planewatch-collector";

    @Test
    void debInstallsUnitConfigAndUserStartsAsThatUserServesMetricsAndPurgesEverything() throws Exception {
        ServicePackages.install(Dist.collectorDeb(), "planewatch-collector");
        try {
            String unit = ServicePackages.checkedUnit(UNIT, COLLECTOR, CONFIG, "PLANEWATCH_COLLECTOR_ARGS");
            assertTrue(unit.contains("\nStateDirectory=planewatch-collector"), unit);
            String config = Files.readString(CONFIG);
            List<String> args = Shell.configuredArguments(config, "PLANEWATCH_COLLECTOR_ARGS");
            assertTrue(args.contains("--targets") && args.contains(TARGETS.toString()), config);
            assertTrue(args.contains("--metrics-port"), config);
            for (Path file : List.of(CONFIG, TARGETS)) {
                ServicePackages.assertReadableByTheServiceGroupOnly(file);
            }
            assertEquals(
                    ServicePackages.USER,
                    Files.readAttributes(STATE, PosixFileAttributes.class)
                            .owner()
                            .getName(),
                    "the state directory belongs to the collector's user");
            ServicePackages.assertSystemUserWithoutLoginShell();

            startsWithTheShippedConfigurationAsItsUserAndServesMetrics(args);
        } finally {
            ServicePackages.purgeLeavingNothing(
                    "planewatch-collector",
                    UNIT,
                    Path.of("/etc/planewatch"),
                    STATE,
                    Path.of("/opt/planewatch-collector"));
        }
    }

    /**
     * Runs the collector as systemd would (the unit's user, the configuration's arguments) but with
     * free loopback ports for the embedded broker and /metrics, so that the test never takes a real
     * collector's ports; then asks its /metrics as Prometheus would.
     */
    private static void startsWithTheShippedConfigurationAsItsUserAndServesMetrics(List<String> configured)
            throws Exception {
        int brokerPort = freePortPair();
        int metricsPort = freePort();
        List<String> command = new ArrayList<>(List.of("runuser", "-u", "planewatch", "--", COLLECTOR));
        for (int i = 0; i < configured.size(); i++) {
            command.add(configured.get(i));
            if (configured.get(i).equals("--metrics-port")) {
                command.add(Integer.toString(metricsPort));
                i++;
            }
        }
        command.addAll(List.of("--broker-port", Integer.toString(brokerPort), "--metrics-address", "127.0.0.1"));
        try (InstalledProcess collector = InstalledProcess.start(command)) {
            HttpClient http = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(2))
                    .build();
            HttpRequest scrape = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + "/metrics"))
                    .timeout(Duration.ofSeconds(5))
                    .build();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            String page = null;
            while (page == null && System.nanoTime() < deadline && collector.isAlive()) {
                try {
                    HttpResponse<String> response = http.send(scrape, HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 200 && response.body().contains("planewatch_collector_targets")) {
                        page = response.body();
                    }
                } catch (IOException notYet) {
                    Thread.sleep(500);
                }
            }
            assertTrue(page != null, "the installed collector's /metrics did not answer:\n" + collector.log());
            assertTrue(page.contains("# TYPE planewatch_collector_targets gauge"), page);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }

    /** A free port whose next port is free too: the embedded broker's controller takes it. */
    private static int freePortPair() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = freePort();
            if (port < 65535) {
                try (ServerSocket next = new ServerSocket(port + 1)) {
                    return port;
                } catch (IOException taken) {
                    // try another
                }
            }
        }
        throw new IOException("no two consecutive free ports");
    }
}
