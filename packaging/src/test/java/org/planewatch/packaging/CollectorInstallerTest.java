package org.planewatch.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
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
        Path deb = Dist.collectorDeb();
        Shell.skipUnlessDpkgMayInstall(deb, "planewatch-collector");
        Shell.skipUnless(
                !Shell.userExists("planewatch"), "a user 'planewatch' exists already; the purge would delete it");
        try {
            Shell.Result install = Shell.run(Duration.ofMinutes(3), "dpkg", "-i", deb.toString());
            assertEquals(0, install.status(), install.describe());

            String unit = Files.readString(UNIT);
            assertTrue(unit.contains("User=planewatch"), unit);
            assertTrue(unit.contains("EnvironmentFile=/etc/planewatch/collector.conf"), unit);
            assertTrue(unit.contains("ExecStart=" + COLLECTOR + " $PLANEWATCH_COLLECTOR_ARGS"), unit);
            assertTrue(unit.contains("\nStateDirectory=planewatch-collector"), unit);
            assertTrue(
                    unit.contains("\nMemoryMax=") && unit.contains("\nMemoryHigh="),
                    "the unit caps the collector's memory: " + unit);

            String config = Files.readString(CONFIG);
            List<String> args = Shell.configuredArguments(config, "PLANEWATCH_COLLECTOR_ARGS");
            assertTrue(args.contains("--targets") && args.contains(TARGETS.toString()), config);
            assertTrue(args.contains("--metrics-port"), config);
            for (Path file : List.of(CONFIG, TARGETS)) {
                PosixFileAttributes attributes = Files.readAttributes(file, PosixFileAttributes.class);
                assertEquals("planewatch", attributes.group().getName(), file + " group");
                assertEquals("rw-r-----", PosixFilePermissions.toString(attributes.permissions()), file + " mode");
            }
            assertEquals(
                    "planewatch",
                    Files.readAttributes(STATE, PosixFileAttributes.class)
                            .owner()
                            .getName(),
                    "the state directory belongs to the collector's user");

            String user = Shell.run(Duration.ofSeconds(10), "getent", "passwd", "planewatch")
                    .output();
            assertTrue(user.strip().endsWith(":/usr/sbin/nologin"), "a system user without a login shell: " + user);

            startsWithTheShippedConfigurationAsItsUserAndServesMetrics(args);
        } finally {
            Shell.Result purge = Shell.run(Duration.ofMinutes(2), "dpkg", "-P", "planewatch-collector");
            assertEquals(0, purge.status(), purge.describe());
        }
        assertFalse(Shell.installed("planewatch-collector"), "dpkg still lists planewatch-collector after the purge");
        assertFalse(Files.exists(UNIT), UNIT + " is left behind after the purge");
        assertFalse(Files.exists(Path.of("/etc/planewatch")), "/etc/planewatch is left behind after the purge");
        assertFalse(Files.exists(STATE), STATE + " is left behind after the purge");
        assertFalse(
                Files.exists(Path.of("/opt/planewatch-collector")),
                "/opt/planewatch-collector is left behind after the purge");
        assertFalse(Shell.userExists("planewatch"), "the planewatch user is left behind after the purge");
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
        System.out.println("[installer test] $ " + String.join(" ", command));
        Process collector =
                new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder log = new StringBuilder();
        Thread echo = Thread.ofVirtual().start(() -> {
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(collector.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    System.out.println("    " + line);
                    synchronized (log) {
                        log.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                // the collector ended
            }
        });
        try {
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
            String seen;
            synchronized (log) {
                seen = log.toString();
            }
            assertTrue(page != null, "the installed collector's /metrics did not answer:\n" + seen);
            assertTrue(page.contains("# TYPE planewatch_collector_targets gauge"), page);
        } finally {
            collector.descendants().forEach(ProcessHandle::destroy);
            collector.destroy();
            if (!collector.waitFor(60, TimeUnit.SECONDS)) {
                collector.descendants().forEach(ProcessHandle::destroyForcibly);
                collector.destroyForcibly().waitFor();
            }
            echo.join(5_000);
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
