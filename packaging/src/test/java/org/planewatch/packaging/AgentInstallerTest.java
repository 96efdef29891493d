package org.planewatch.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The agent's {@code .deb} on a host: it installs the systemd unit, the configuration under
 * /etc/planewatch and the dedicated user; set up as docs/install.md says, the installed agent
 * starts with the shipped configuration ({@code --backend linux}, TLS, credentials) as that user;
 * a purge leaves nothing behind.
 */
class AgentInstallerTest {
    private static final Path UNIT = Path.of("/lib/systemd/system/planewatch-agent.service");
    private static final Path CONFIG = Path.of("/etc/planewatch/agent.conf");
    private static final Path TLS = Path.of("/etc/planewatch/tls");
    private static final String AGENT = "/opt/planewatch-agent/bin/planewatch-agent";

    @Test
    void debInstallsUnitConfigAndUserStartsAsThatUserAndPurgesEverything() throws Exception {
        Path deb = Dist.agentDeb();
        Shell.skipUnlessDpkgMayInstall(deb, "planewatch-agent");
        Shell.skipUnless(
                !Shell.userExists("planewatch"), "a user 'planewatch' exists already; the purge would delete it");
        try {
            Shell.Result install = Shell.run(Duration.ofMinutes(3), "dpkg", "-i", deb.toString());
            assertEquals(0, install.status(), install.describe());

            String unit = Files.readString(UNIT);
            assertTrue(unit.contains("User=planewatch"), unit);
            assertTrue(unit.contains("EnvironmentFile=/etc/planewatch/agent.conf"), unit);
            assertTrue(unit.contains("ExecStart=" + AGENT + " $PLANEWATCH_AGENT_ARGS"), unit);
            assertTrue(
                    unit.contains("\nMemoryMax=") && unit.contains("\nMemoryHigh="),
                    "the unit caps the agent's memory: " + unit);

            String config = Files.readString(CONFIG);
            List<String> args = Shell.configuredArguments(config, "PLANEWATCH_AGENT_ARGS");
            assertTrue(String.join(" ", args).contains("--backend linux"), config);
            assertTrue(
                    args.contains("/etc/planewatch/tls/server.pem") && args.contains("/etc/planewatch/tls/server.key"),
                    config);
            PosixFileAttributes attributes = Files.readAttributes(CONFIG, PosixFileAttributes.class);
            assertEquals("planewatch", attributes.group().getName(), "agent.conf group");
            assertEquals("rw-r-----", PosixFilePermissions.toString(attributes.permissions()), "agent.conf mode");

            String user = Shell.run(Duration.ofSeconds(10), "getent", "passwd", "planewatch")
                    .output();
            assertTrue(user.strip().endsWith(":/usr/sbin/nologin"), "a system user without a login shell: " + user);

            setUpAsInstallGuideSays();
            startsWithTheShippedConfigurationAsItsUser(args);
        } finally {
            Shell.Result purge = Shell.run(Duration.ofMinutes(2), "dpkg", "-P", "planewatch-agent");
            assertEquals(0, purge.status(), purge.describe());
        }
        assertFalse(Shell.installed("planewatch-agent"), "dpkg still lists planewatch-agent after the purge");
        assertFalse(Files.exists(UNIT), UNIT + " is left behind after the purge");
        assertFalse(Files.exists(Path.of("/etc/planewatch")), "/etc/planewatch is left behind after the purge");
        assertFalse(
                Files.exists(Path.of("/opt/planewatch-agent")), "/opt/planewatch-agent is left behind after the purge");
        assertFalse(Shell.userExists("planewatch"), "the planewatch user is left behind after the purge");
    }

    /** The commands of docs/install.md, "The agent", steps 1 and 2. */
    private static void setUpAsInstallGuideSays() {
        Shell.Result certs =
                Shell.run(Duration.ofMinutes(1), AGENT, "gen-certs", "--out", TLS.toString(), "--host", "localhost");
        assertEquals(0, certs.status(), certs.describe());
        Shell.Result access = Shell.run(
                Duration.ofSeconds(30),
                "sh",
                "-c",
                "chgrp -R planewatch /etc/planewatch/tls && chmod 0640 /etc/planewatch/tls/server.key");
        assertEquals(0, access.status(), access.describe());
        Shell.Result users = Shell.run(
                Duration.ofMinutes(1),
                "sh",
                "-c",
                "echo 'installer-test-password' | " + AGENT
                        + " hash-password --user ops | tee -a /etc/planewatch/users");
        assertEquals(0, users.status(), users.describe());
        assertTrue(users.output().startsWith("ops:pbkdf2-sha256:"), users.describe());
    }

    /**
     * Runs the agent as systemd would (the unit's user, the configuration's arguments) but on a free
     * loopback port, so that the test never takes port 9339 from a real agent on the machine.
     */
    private static void startsWithTheShippedConfigurationAsItsUser(List<String> configured) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of("runuser", "-u", "planewatch", "--", AGENT));
        for (int i = 0; i < configured.size(); i++) {
            boolean listen = configured.get(i).equals("--listen");
            command.add(configured.get(i));
            if (listen) {
                command.add("127.0.0.1:" + port);
                i++;
            }
        }
        System.out.println("[installer test] $ " + String.join(" ", command));
        Process agent = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            StringBuilder log = new StringBuilder();
            CompletableFuture<Boolean> listening = CompletableFuture.supplyAsync(() -> {
                try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        System.out.println("    " + line);
                        synchronized (log) {
                            log.append(line).append('\n');
                        }
                        if (line.contains("event=listening")) {
                            return true;
                        }
                    }
                    return false;
                } catch (IOException e) {
                    return false;
                }
            });
            boolean started = listening.get(2, TimeUnit.MINUTES);
            assertTrue(started, "the installed agent did not start:\n" + log);
            synchronized (log) {
                assertTrue(log.toString().contains("tls=true") && log.toString().contains("auth=true"), log.toString());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            }
        } finally {
            agent.descendants().forEach(ProcessHandle::destroy);
            agent.destroy();
            if (!agent.waitFor(30, TimeUnit.SECONDS)) {
                agent.descendants().forEach(ProcessHandle::destroyForcibly);
                agent.destroyForcibly().waitFor();
            }
        }
    }
}
