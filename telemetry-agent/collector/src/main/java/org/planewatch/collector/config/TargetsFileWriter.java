package org.planewatch.collector.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Writes a targets file (the console's format) for many devices behind one address: an aggregating
 * agent that serves each device as its own gNMI target ({@code prefix.target}), such as the simulated
 * full fabric (docs/scale.md). The devices go in entries of at most {@code devicesPerEntry}: an entry
 * is what the collectors share (one record in {@code planewatch.targets}) and one connection to the
 * agent, each device of it a Subscribe stream of its own on that connection (ADR 0103).
 *
 * @param address {@code host:port} of the agent
 * @param devices gNMI target names, in order
 * @param devicesPerEntry devices in one entry at most
 * @param namePrefix entries are {@code <prefix>-0000}, {@code <prefix>-0001}, ...
 * @param tls absent: {@code insecure: true}; otherwise the TLS files (paths written as given)
 * @param credentials absent: none
 */
public record TargetsFileWriter(
        String address,
        List<String> devices,
        int devicesPerEntry,
        String namePrefix,
        Optional<Tls> tls,
        Optional<Credentials> credentials) {

    /** The targets file reader's limit (SnakeYAML's default code point limit): a longer file is refused. */
    public static final int READER_LIMIT_CHARS = 3 * 1024 * 1024;

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:/@+-]*");
    private static final int LINE = 100;

    public record Tls(Optional<String> ca, Optional<String> cert, Optional<String> key) {}

    public record Credentials(String username, String password) {}

    public TargetsFileWriter {
        devices = List.copyOf(devices);
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("no devices to write");
        }
        if (devicesPerEntry < 1) {
            throw new IllegalArgumentException("--devices-per-entry must be at least 1, got " + devicesPerEntry);
        }
        if (!address.matches("[^\\s:]+:\\d{1,5}|\\[[0-9a-fA-F:.]+\\]:\\d{1,5}")) {
            throw new IllegalArgumentException("--address '" + address + "' is not host:port (e.g. 127.0.0.1:9339)");
        }
        if (!PLAIN.matcher(namePrefix).matches()) {
            throw new IllegalArgumentException("--name '" + namePrefix + "' must be letters, digits and - _ . only");
        }
    }

    /** How many entries the file has. */
    public int entries() {
        return (devices.size() + devicesPerEntry - 1) / devicesPerEntry;
    }

    /**
     * Entry {@code entry}'s devices: the list is dealt out like cards (device k to entry k mod the
     * entries), so that every entry has about the same mix of the list (a device list is often
     * sorted, hosts before switches, and a switch's state is many times a host's). Shares are
     * balanced by devices (ADR 0133), which is a balance of work only when entries are alike: cut
     * in runs, the full fabric's last two entries held all 6,144 switches, and the collector
     * holding them published forty times the other's updates.
     */
    List<String> dealt(int entry) {
        int entries = entries();
        List<String> of = new java.util.ArrayList<>((devices.size() - entry + entries - 1) / entries);
        for (int i = entry; i < devices.size(); i += entries) {
            of.add(devices.get(i));
        }
        return of;
    }

    /** The file's text; refused when longer than the reader takes. */
    public String text() {
        StringBuilder out = new StringBuilder();
        out.append("# ")
                .append(devices.size())
                .append(" devices at ")
                .append(address)
                .append(" in ")
                .append(entries())
                .append(" entries of at most ")
                .append(devicesPerEntry)
                .append(" (planewatch-collector targets-file; docs/scale.md)\n");
        out.append("targets:\n");
        int width = Math.max(4, Integer.toString(entries() - 1).length());
        for (int e = 0; e < entries(); e++) {
            out.append("  ")
                    .append(namePrefix)
                    .append('-')
                    .append(String.format("%0" + width + "d", e))
                    .append(":\n");
            out.append("    address: ").append(quoted(address)).append('\n');
            if (tls.isEmpty()) {
                out.append("    insecure: true\n");
            } else {
                tls.get()
                        .ca()
                        .ifPresent(f ->
                                out.append("    tls-ca: ").append(quoted(f)).append('\n'));
                tls.get()
                        .cert()
                        .ifPresent(f ->
                                out.append("    tls-cert: ").append(quoted(f)).append('\n'));
                tls.get()
                        .key()
                        .ifPresent(f ->
                                out.append("    tls-key: ").append(quoted(f)).append('\n'));
            }
            credentials.ifPresent(c -> out.append("    username: ")
                    .append(quoted(c.username()))
                    .append("\n    password: ")
                    .append(quoted(c.password()))
                    .append('\n'));
            out.append("    devices: [");
            List<String> of = dealt(e);
            int column = LINE;
            for (int i = 0; i < of.size(); i++) {
                String name = quoted(of.get(i));
                if (column + name.length() > LINE) {
                    out.append("\n      ");
                    column = 6;
                }
                out.append(name);
                if (i + 1 < of.size()) {
                    out.append(", ");
                }
                column += name.length() + 2;
            }
            out.append("]\n");
        }
        if (out.length() > READER_LIMIT_CHARS) {
            throw new IllegalArgumentException(
                    "the targets file would be " + out.length() + " characters, more than the "
                            + READER_LIMIT_CHARS + " a targets file may have: " + devices.size()
                            + " devices with names this long do not fit one file");
        }
        return out.toString();
    }

    /** A YAML scalar: plain when it is safely plain, else double-quoted. */
    static String quoted(String value) {
        if (PLAIN.matcher(value).matches()
                && !List.of("true", "false", "null", "yes", "no", "on", "off", "~")
                        .contains(value.toLowerCase(java.util.Locale.ROOT))) {
            return value;
        }
        StringBuilder q = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                default -> q.append(c);
            }
        }
        return q.append('"').toString();
    }

    /** Device names from lines of text: one per line, blank lines and {@code #} comments skipped, each name once. */
    public static List<String> devices(List<String> lines, String source) {
        List<String> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String name = lines.get(i).strip();
            if (name.isEmpty() || name.startsWith("#")) {
                continue;
            }
            if (name.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException(source + ":" + (i + 1) + ": '" + name
                        + "' is not a device name (one name per line, no spaces)");
            }
            if (!seen.add(name)) {
                throw new IllegalArgumentException(source + ":" + (i + 1) + ": device '" + name + "' is listed twice");
            }
            out.add(name);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(source + ": no device names (one per line)");
        }
        return out;
    }
}
