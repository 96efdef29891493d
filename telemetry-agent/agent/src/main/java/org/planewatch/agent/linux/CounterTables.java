package org.planewatch.agent.linux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The data tables that map kernel counter files to schema leaves ({@code netdev-counters.tsv},
 * {@code rdma-counters.tsv} next to this class): adding a driver is a data change, not a code change.
 */
public final class CounterTables {

    /** A statistics file of a network interface and the counter leaf it feeds. */
    public record NetdevRow(String file, String leaf) {}

    /**
     * An RDMA port counter file and the plane leaf it feeds.
     *
     * @param driver {@code generic} or a driver name ({@code mlx5}, {@code bnxt_re}, {@code irdma}, {@code ionic})
     * @param dir {@code counters} or {@code hw_counters}
     * @param file file name in that directory
     * @param leaf leaf under {@code mrc:/planes/plane[id=P]/state}
     * @param scale multiplier applied to the file's value
     */
    public record RdmaRow(String driver, String dir, String file, String leaf, long scale) {}

    private final List<NetdevRow> netdev;
    private final List<RdmaRow> rdma;

    private CounterTables(List<NetdevRow> netdev, List<RdmaRow> rdma) {
        this.netdev = List.copyOf(netdev);
        this.rdma = List.copyOf(rdma);
    }

    public static CounterTables load() {
        List<NetdevRow> netdev = new ArrayList<>();
        for (String[] f : rows("netdev-counters.tsv", 2)) {
            netdev.add(new NetdevRow(f[0], f[1]));
        }
        List<RdmaRow> rdma = new ArrayList<>();
        for (String[] f : rows("rdma-counters.tsv", 5)) {
            rdma.add(new RdmaRow(f[0], f[1], f[2], f[3], Long.parseLong(f[4])));
        }
        return new CounterTables(netdev, rdma);
    }

    public List<NetdevRow> netdev() {
        return netdev;
    }

    /** The generic rows, then those of {@code driver} (so the driver's win on the same leaf). */
    public List<RdmaRow> rdmaFor(String driver) {
        List<RdmaRow> out = new ArrayList<>();
        rdma.stream().filter(r -> r.driver().equals("generic")).forEach(out::add);
        rdma.stream().filter(r -> r.driver().equals(driver)).forEach(out::add);
        return out;
    }

    /** Drivers with rows of their own. */
    public List<String> drivers() {
        return rdma.stream()
                .map(RdmaRow::driver)
                .filter(d -> !d.equals("generic"))
                .distinct()
                .toList();
    }

    private static List<String[]> rows(String resource, int columns) {
        List<String[]> out = new ArrayList<>();
        try (InputStream in = CounterTables.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f.length != columns) {
                    throw new IllegalStateException(resource + " line " + number + ": expected " + columns
                            + " tab-separated columns, found " + f.length);
                }
                out.add(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
