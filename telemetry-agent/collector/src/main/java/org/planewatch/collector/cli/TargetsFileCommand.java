package org.planewatch.collector.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.collector.config.TargetsFileWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code planewatch-collector targets-file}: the targets file for one agent that serves many devices
 * as targets of their own (the simulated full fabric), from a list of their names, e.g. what
 * {@code planewatch-agent --list-targets} prints (docs/scale.md).
 */
@Command(
        name = "targets-file",
        mixinStandardHelpOptions = true,
        description = "Write a targets file for one agent serving many devices (prefix.target per device): the devices"
                + " in entries the collectors share, each entry one connection with a Subscribe stream per device.",
        sortOptions = false)
final class TargetsFileCommand implements Callable<Integer> {

    @Option(names = "--address", paramLabel = "HOST:PORT", required = true, description = "The agent's address.")
    String address;

    @Option(
            names = "--devices",
            paramLabel = "FILE",
            required = true,
            description =
                    "Device names, one per line ('-': standard input), e.g. from planewatch-agent --list-targets.")
    String devices;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "The targets file to write.")
    Path out;

    @Option(
            names = "--devices-per-entry",
            paramLabel = "N",
            defaultValue = "4096",
            description = "Devices per entry: an entry is one connection to the agent and the unit the collectors"
                    + " share (default: ${DEFAULT-VALUE}: 34 connections for the full fabric, within the agent's"
                    + " default --max-clients 64).")
    int devicesPerEntry;

    @Option(
            names = "--name",
            paramLabel = "PREFIX",
            defaultValue = "fabric",
            description = "Entries are named PREFIX-0000, PREFIX-0001, ... (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--insecure", description = "Plaintext (a loopback lab); otherwise give --tls-ca.")
    boolean insecure;

    @Option(names = "--tls-ca", paramLabel = "PEM", description = "CA bundle to trust.")
    String tlsCa;

    @Option(names = "--tls-cert", paramLabel = "PEM", description = "Client certificate (mutual TLS).")
    String tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "Client key (mutual TLS).")
    String tlsKey;

    @Option(names = "--username", paramLabel = "NAME", description = "Sent with --password as gNMI metadata.")
    String username;

    @Option(names = "--password", paramLabel = "SECRET", description = "See --username.")
    String password;

    private final PrintStream stdout;
    private final PrintStream err;

    TargetsFileCommand(PrintStream stdout, PrintStream err) {
        this.stdout = stdout;
        this.err = err;
    }

    @Override
    public Integer call() {
        try {
            TargetsFileWriter writer = writer();
            String text = writer.text();
            Files.writeString(out, text, StandardCharsets.UTF_8);
            // What every collector will read: refused here, not at their start, if it does not read back.
            CollectorTargets check = CollectorTargets.read(out);
            stdout.printf(
                    "%s: %d devices at %s in %d entries (%d connections), %d bytes%n",
                    out, writer.devices().size(), address, check.size(), check.size(), text.length());
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("planewatch-collector targets-file: " + e.getMessage());
            return CollectorMain.USAGE_ERROR;
        } catch (IOException e) {
            err.println("planewatch-collector targets-file: cannot write " + out + ": " + e.getMessage());
            return CollectorMain.USAGE_ERROR;
        }
    }

    private TargetsFileWriter writer() throws IOException {
        boolean anyTls = tlsCa != null || tlsCert != null || tlsKey != null;
        if (insecure == anyTls) {
            throw new IllegalArgumentException(
                    "give exactly one of --insecure (plaintext) and TLS (--tls-ca, --tls-cert with --tls-key)");
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException("--username and --password go together");
        }
        return new TargetsFileWriter(
                address,
                TargetsFileWriter.devices(lines(), devices.equals("-") ? "standard input" : devices),
                devicesPerEntry,
                name,
                anyTls
                        ? Optional.of(new TargetsFileWriter.Tls(
                                Optional.ofNullable(tlsCa), Optional.ofNullable(tlsCert), Optional.ofNullable(tlsKey)))
                        : Optional.empty(),
                username == null
                        ? Optional.empty()
                        : Optional.of(new TargetsFileWriter.Credentials(username, password)));
    }

    private List<String> lines() throws IOException {
        if (devices.equals("-")) {
            return new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        }
        try {
            return Files.readAllLines(Path.of(devices), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(devices + ": device list not found");
        }
    }
}
