package org.planewatch.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
        ServicePackages.install(Dist.agentDeb(), "planewatch-agent");
        try {
            ServicePackages.checkedUnit(UNIT, AGENT, CONFIG, "PLANEWATCH_AGENT_ARGS");
            String config = Files.readString(CONFIG);
            List<String> args = Shell.configuredArguments(config, "PLANEWATCH_AGENT_ARGS");
            assertTrue(String.join(" ", args).contains("--backend linux"), config);
            assertTrue(
                    args.contains("/etc/planewatch/tls/server.pem") && args.contains("/etc/planewatch/tls/server.key"),
                    config);
            ServicePackages.assertReadableByTheServiceGroupOnly(CONFIG);
            ServicePackages.assertSystemUserWithoutLoginShell();

            setUpAsInstallGuideSays();
            startsWithTheShippedConfigurationAsItsUser(args);
        } finally {
            ServicePackages.purgeLeavingNothing(
                    "planewatch-agent", UNIT, Path.of("/etc/planewatch"), Path.of("/opt/planewatch-agent"));
        }
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
        try (InstalledProcess agent = InstalledProcess.start(command)) {
            assertTrue(
                    agent.awaitOutput("event=listening", Duration.ofMinutes(2)),
                    "the installed agent did not start:\n" + agent.log());
            assertTrue(agent.log().contains("tls=true") && agent.log().contains("auth=true"), agent.log());
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            }
        }
    }
}
