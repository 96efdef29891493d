package org.planewatch.agent.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.planewatch.agent.security.LabCertificates;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code planewatch-agent gen-certs}: a lab CA with server and client certificates, made with the JDK. */
@Command(
        name = "gen-certs",
        mixinStandardHelpOptions = true,
        description = "Write a self-signed lab CA, a server certificate and a client certificate (PEM, EC P-256).")
final class GenCertsCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Directory to write ca.pem, server.pem, client.pem and their .key files into.")
    Path out;

    @Option(
            names = "--host",
            paramLabel = "NAME",
            description =
                    "DNS name or IP address of the agent (repeatable; default: localhost). 127.0.0.1 and ::1 are always added.")
    List<String> hosts;

    @Option(names = "--days", defaultValue = "365", description = "Validity (default: ${DEFAULT-VALUE}).")
    int days;

    @Override
    public Integer call() throws Exception {
        if (days <= 0) {
            throw new IllegalArgumentException("--days must be > 0, got " + days);
        }
        // The loopback addresses are always named: a console on the agent's host dials 127.0.0.1 as often as
        // localhost, and a certificate without them fails the name check there.
        Set<String> names = new LinkedHashSet<>(hosts == null || hosts.isEmpty() ? List.of("localhost") : hosts);
        names.addAll(List.of("127.0.0.1", "::1"));
        LabCertificates.LabFiles files = LabCertificates.generate(out, List.copyOf(names), Duration.ofDays(days));
        spec.commandLine()
                .getOut()
                .println("wrote " + files.caCert() + ", " + files.serverCert() + ", " + files.serverKey() + ", "
                        + files.clientCert() + ", " + files.clientKey() + " (CA key: " + files.caKey() + ")");
        spec.commandLine()
                .getOut()
                .println("serve with: --tls-cert " + files.serverCert() + " --tls-key " + files.serverKey()
                        + " [--tls-client-ca " + files.caCert() + "]");
        return 0;
    }
}
