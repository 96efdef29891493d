package org.planewatch.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planewatch.sim.config.WorkloadConfig.Flow;

class ConnectionMatrixReaderTest {

    /** The reference workloads, relative to the simulator module (surefire's working directory). */
    static final Path REFERENCE_DIR = Path.of("../reference/htsim");

    private static final Pattern PERMUTATION = Pattern.compile("perm_(\\d+)_2MB\\.cm");
    private static final Pattern INCAST = Pattern.compile("incast_(\\d+)n_(\\d+)c_(\\d+)KB\\.cm");

    @Test
    void readsEveryReferenceMatrixWithTheCountsItsNameStates() throws IOException, MatrixFormatException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(REFERENCE_DIR)) {
            files = listing.filter(p -> p.toString().endsWith(".cm")).sorted().toList();
        }
        assertEquals(6, files.size(), "the six reference matrices in " + REFERENCE_DIR.toAbsolutePath());
        for (Path file : files) {
            ConnectionMatrix matrix = ConnectionMatrixReader.read(file);
            String name = file.getFileName().toString();
            Matcher permutation = PERMUTATION.matcher(name);
            Matcher incast = INCAST.matcher(name);
            if (permutation.matches()) {
                checkPermutation(name, matrix, Integer.parseInt(permutation.group(1)));
            } else if (incast.matches()) {
                checkIncast(
                        name,
                        matrix,
                        Integer.parseInt(incast.group(1)),
                        Integer.parseInt(incast.group(2)),
                        Long.parseLong(incast.group(3)) * 1_024);
            } else {
                throw new AssertionError("unexpected reference file " + name + ": teach this test its counts");
            }
        }
    }

    private static void checkPermutation(String name, ConnectionMatrix matrix, int hosts) {
        assertEquals(hosts, matrix.nodes(), name);
        assertEquals(hosts, matrix.flows().size(), name);
        Set<Integer> sources = new HashSet<>();
        Set<Integer> destinations = new HashSet<>();
        for (Flow flow : matrix.flows()) {
            assertEquals(2_000_000, flow.bytes(), name);
            assertEquals(0, flow.startNs(), name);
            sources.add(flow.src());
            destinations.add(flow.dst());
        }
        assertEquals(hosts, sources.size(), name + ": every host sends once");
        assertEquals(hosts, destinations.size(), name + ": every host receives once");
    }

    private static void checkIncast(String name, ConnectionMatrix matrix, int hosts, int senders, long bytes) {
        assertEquals(hosts, matrix.nodes(), name);
        assertEquals(senders, matrix.flows().size(), name);
        assertEquals(senders, matrix.flows().stream().map(Flow::src).distinct().count(), name);
        for (Flow flow : matrix.flows()) {
            assertEquals(0, flow.dst(), name);
            assertEquals(bytes, flow.bytes(), name);
        }
    }

    @Test
    void startTimesAreMicrosecondsAsHtsimWritesThem() throws MatrixFormatException {
        ConnectionMatrix matrix = ConnectionMatrixReader.parse(
                "Nodes 3\n\nConnections 2\n0->1 id 1 start 0 size 100\n2->0 id 7 start 12.5 size 300\n", "t.cm");

        assertEquals(List.of(new Flow(0, 1, 100, 0), new Flow(2, 0, 300, 12_500)), matrix.flows());
        assertEquals(400, matrix.totalBytes());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            missing Nodes | Connections 1 \
              | t.cm:1: not an htsim connection matrix: expected 'Nodes <count>' as its first line
            bad node count | Nodes many \
              | t.cm:1: Nodes must be an integer, got 'many'
            missing Connections | Nodes 4\\n0->1 id 1 start 0 size 10 \
              | t.cm:2: expected 'Connections <count>' after 'Nodes 4'
            truncated line | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 \
              | t.cm:3: expected '<src>-><dst> id <k> start <us> size <bytes>', got a line of 5 fields
            bad endpoints | Nodes 4\\nConnections 1\\n0-1 id 1 start 0 size 10 \
              | t.cm:3: expected <src>-><dst> with host numbers, got '0-1'
            host out of range | Nodes 4\\nConnections 1\\n0->4 id 1 start 0 size 10 \
              | t.cm:3: host 4 out of range (Nodes 4: hosts 0..3)
            self flow | Nodes 4\\nConnections 1\\n2->2 id 1 start 0 size 10 \
              | t.cm:3: connection from host 2 to itself
            negative start | Nodes 4\\nConnections 1\\n0->1 id 1 start -3 size 10 \
              | t.cm:3: start must be a time in microseconds from 0 to 1,000,000,000, got '-3'
            zero size | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 0 \
              | t.cm:3: size must be > 0 bytes, got 0
            bad size | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 2MB \
              | t.cm:3: size must be an integer, got '2MB'
            duplicate id | Nodes 4\\nConnections 2\\n0->1 id 1 start 0 size 10\\n1->2 id 1 start 0 size 10 \
              | t.cm:4: duplicate connection id 1 (first on line 3)
            too many lines | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 10\\n1->2 id 2 start 0 size 10 \
              | t.cm:4: more connection lines than the 1 declared
            too few lines | Nodes 4\\nConnections 2\\n0->1 id 1 start 0 size 10 \
              | t.cm:3: declares Connections 2 but has 1 connection lines
            triggers | Nodes 4\\nConnections 1\\n0->1 id 1 start 0 size 10\\nTriggers 1 \
              | t.cm:4: htsim triggers are not supported (only Nodes, Connections and connection lines)
            """)
    void malformedInputNamesFileAndLine(String what, String text, String expected) {
        assertEquals(
                expected,
                assertThrows(
                                MatrixFormatException.class,
                                () -> ConnectionMatrixReader.parse(text.replace("\\n", "\n") + "\n", "t.cm"))
                        .getMessage());
    }
}
