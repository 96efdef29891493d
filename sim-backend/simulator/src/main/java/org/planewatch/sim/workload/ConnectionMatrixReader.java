package org.planewatch.sim.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planewatch.sim.config.Limits;
import org.planewatch.sim.config.WorkloadConfig.Flow;
import org.planewatch.sim.input.Echo;
import org.planewatch.sim.input.TextFiles;

/**
 * Reads htsim's connection-matrix text format so both simulators run exactly the same work:
 * <pre>
 * Nodes N
 * Connections C
 * src->dst id K start S size BYTES      (C lines; S in microseconds, as htsim writes it)
 * </pre>
 * Blank lines are ignored. Anything else is rejected with the file and line, never skipped. Errors
 * never echo a line: a file that does not start with {@code Nodes} is not a matrix (it may be any
 * file), and within a matrix at most one short token is shown.
 */
public final class ConnectionMatrixReader {

    private static final String LINE_FORM = "'<src>-><dst> id <k> start <us> size <bytes>'";
    private static final Pattern ENDPOINTS = Pattern.compile("([0-9]{1,9})->([0-9]{1,9})");
    /** Characters of a file name an error shows at most. */
    private static final int FILE_NAME_CHARS = 200;
    /** Characters of a token an error shows at most. */
    private static final int TOKEN_CHARS = 16;

    /**
     * How many connections a matrix may declare, and why.
     *
     * @param maxConnections the limit
     * @param why the reason, for the error
     */
    public record ConnectionLimit(long maxConnections, String why) {
        /** The hard limit, whatever the heap. */
        public static final ConnectionLimit HARD = new ConnectionLimit(
                Limits.MAX_MATRIX_FLOWS, "a flow that starts later is a timer with a 24-bit argument");
    }

    private final String file;
    private final ConnectionLimit limit;
    private int lineNumber;
    private int nodes;
    private int declaredConnections = -1;
    private final List<Flow> flows = new ArrayList<>();
    private final Map<Long, Integer> lineOfId = new HashMap<>();

    private ConnectionMatrixReader(String file, ConnectionLimit limit) {
        this.file = file;
        this.limit = limit;
    }

    /** Reads a matrix of at most {@link Limits#MAX_MATRIX_FLOWS} connections. */
    public static ConnectionMatrix read(Path path) throws MatrixFormatException {
        return read(path, ConnectionLimit.HARD);
    }

    /**
     * Reads a matrix, line by line (any size), refusing one that declares more connections than
     * {@code limit} before reading them.
     */
    public static ConnectionMatrix read(Path path, ConnectionLimit limit) throws MatrixFormatException {
        String name = Echo.truncated(path.toString(), FILE_NAME_CHARS);
        try {
            TextFiles.requireText(path);
        } catch (TextFiles.NotTextException e) {
            throw new MatrixFormatException(name, 0, e.getMessage());
        } catch (IOException e) {
            throw new MatrixFormatException(name, 0, "cannot read: " + TextFiles.reason(e));
        }
        try (BufferedReader lines = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return read(lines, name, limit);
        } catch (IOException e) {
            throw new MatrixFormatException(name, 0, "cannot read: " + TextFiles.reason(e));
        }
    }

    /** @param file the name to report in errors */
    public static ConnectionMatrix parse(String text, String file) throws MatrixFormatException {
        try (BufferedReader lines = new BufferedReader(new StringReader(text))) {
            return read(lines, file, ConnectionLimit.HARD);
        } catch (IOException e) {
            throw new IllegalStateException("reading a string cannot fail", e);
        }
    }

    private static ConnectionMatrix read(BufferedReader lines, String file, ConnectionLimit limit)
            throws IOException, MatrixFormatException {
        ConnectionMatrixReader reader = new ConnectionMatrixReader(file, limit);
        String line;
        while ((line = lines.readLine()) != null) {
            reader.lineNumber++;
            if (!line.isBlank()) {
                reader.accept(line.strip());
            }
        }
        return reader.finish();
    }

    private void accept(String line) throws MatrixFormatException {
        if (nodes == 0) {
            nodes = header(line, "Nodes", "not an htsim connection matrix: expected 'Nodes <count>' as its first line");
        } else if (declaredConnections < 0) {
            declaredConnections =
                    header(line, "Connections", "expected 'Connections <count>' after 'Nodes " + nodes + "'");
            if (declaredConnections > limit.maxConnections()) {
                throw error("Connections " + Limits.grouped(declaredConnections) + ": the limit is "
                        + Limits.grouped(limit.maxConnections()) + " (" + limit.why() + ")");
            }
        } else {
            connection(line);
        }
    }

    private int header(String line, String keyword, String expected) throws MatrixFormatException {
        String[] tokens = line.split("\\s+");
        if (tokens.length != 2 || !tokens[0].equals(keyword)) {
            throw error(expected);
        }
        long count = number(tokens[1], keyword);
        if (count <= 0 || count > Integer.MAX_VALUE) {
            throw error(keyword + " must be a positive count, got " + token(tokens[1]));
        }
        return (int) count;
    }

    private void connection(String line) throws MatrixFormatException {
        if (line.startsWith("Triggers") || line.startsWith("Failures")) {
            throw error("htsim " + (line.startsWith("Triggers") ? "triggers" : "failures")
                    + " are not supported (only Nodes, Connections and connection lines)");
        }
        String[] tokens = line.split("\\s+");
        if (tokens.length != 7 || !tokens[1].equals("id") || !tokens[3].equals("start") || !tokens[5].equals("size")) {
            throw error("expected " + LINE_FORM + ", got a line of " + tokens.length + " fields");
        }
        Matcher endpoints = ENDPOINTS.matcher(tokens[0]);
        if (!endpoints.matches()) {
            throw error("expected <src>-><dst> with host numbers, got " + token(tokens[0]));
        }
        int src = host(endpoints.group(1));
        int dst = host(endpoints.group(2));
        if (src == dst) {
            throw error("connection from host " + src + " to itself");
        }
        long id = number(tokens[2], "id");
        Integer firstLine = lineOfId.putIfAbsent(id, lineNumber);
        if (firstLine != null) {
            throw error("duplicate connection id " + id + " (first on line " + firstLine + ")");
        }
        long startNs = startNs(tokens[4]);
        long size = number(tokens[6], "size");
        if (size <= 0) {
            throw error("size must be > 0 bytes, got " + tokens[6]);
        }
        if (flows.size() == declaredConnections) {
            throw error("more connection lines than the " + declaredConnections + " declared");
        }
        flows.add(new Flow(src, dst, size, startNs));
    }

    private int host(String text) throws MatrixFormatException {
        int host = Integer.parseInt(text);
        if (host >= nodes) {
            throw error("host " + host + " out of range (Nodes " + nodes + ": hosts 0.." + (nodes - 1) + ")");
        }
        return host;
    }

    private long startNs(String text) throws MatrixFormatException {
        long maxMicros = Limits.MAX_TIME_NS / 1_000;
        try {
            double micros = Double.parseDouble(text);
            if (Double.isFinite(micros) && micros >= 0 && micros <= maxMicros) {
                return Math.round(micros * 1_000);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(
                "start must be a time in microseconds from 0 to " + Limits.grouped(maxMicros) + ", got " + token(text));
    }

    private long number(String text, String what) throws MatrixFormatException {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw error(what + " must be an integer, got " + token(text));
        }
    }

    private static String token(String text) {
        return Echo.quoted(text, TOKEN_CHARS);
    }

    private ConnectionMatrix finish() throws MatrixFormatException {
        if (declaredConnections < 0) {
            throw error(nodes == 0 ? "empty file (expected 'Nodes <count>')" : "missing 'Connections <count>'");
        }
        if (flows.size() != declaredConnections) {
            throw error(
                    "declares Connections " + declaredConnections + " but has " + flows.size() + " connection lines");
        }
        return new ConnectionMatrix(nodes, flows);
    }

    private MatrixFormatException error(String problem) {
        return new MatrixFormatException(file, lineNumber, problem);
    }
}
