package org.planewatch.agent.linux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The data tables that map kernel counter files to schema leaves ({@code netdev-counters.tsv},
 * {@code rdma-counters.tsv}, {@code rdma-drivers.tsv} next to this class): adding a driver is a data
 * change, not a code change. Each row also says what the file counts; a counter whose meaning is not
 * the leaf's is kept as a row with the leaf {@value #LEFT_OUT}, so the tables list what is left out too.
 */
public final class CounterTables {

    /** The leaf column of a counter that is deliberately not mapped. */
    public static final String LEFT_OUT = "-";

    /** A statistics file of a network interface, the counter leaf it feeds and what it counts. */
    public record NetdevRow(String file, String leaf, String meaning) {}

    /**
     * An RDMA port counter file and the plane leaf it feeds.
     *
     * @param driver {@code generic} or a table driver ({@code mlx5}, {@code bnxt_re}, {@code irdma}, {@code ionic})
     * @param dir {@code counters} or {@code hw_counters}
     * @param file file name in that directory
     * @param leaf leaf under {@code mrc:/planes/plane[id=P]/state}, or {@value #LEFT_OUT}
     * @param scale multiplier applied to the file's value
     * @param meaning what the file counts (and, for a left-out row, why it is left out)
     */
    public record RdmaRow(String driver, String dir, String file, String leaf, long scale, String meaning) {
        public boolean mapped() {
            return !leaf.equals(LEFT_OUT);
        }
    }

    /** A kernel driver, the table driver whose rows its devices get, and its default device-name prefix. */
    public record DriverRow(String kernelDriver, String driver, String namePrefix) {}

    private final List<NetdevRow> netdev;
    private final List<RdmaRow> rdma;
    private final List<DriverRow> drivers;

    private CounterTables(List<NetdevRow> netdev, List<RdmaRow> rdma, List<DriverRow> drivers) {
        this.netdev = List.copyOf(netdev);
        this.rdma = List.copyOf(rdma);
        this.drivers = List.copyOf(drivers);
    }

    public static CounterTables load() {
        List<NetdevRow> netdev = new ArrayList<>();
        for (String[] f : rows("netdev-counters.tsv", 3)) {
            netdev.add(new NetdevRow(f[0], f[1], f[2]));
        }
        List<RdmaRow> rdma = new ArrayList<>();
        for (String[] f : rows("rdma-counters.tsv", 6)) {
            rdma.add(new RdmaRow(f[0], f[1], f[2], f[3], Long.parseLong(f[4]), f[5]));
        }
        List<DriverRow> drivers = new ArrayList<>();
        for (String[] f : rows("rdma-drivers.tsv", 3)) {
            drivers.add(new DriverRow(f[0], f[1], f[2]));
        }
        return new CounterTables(netdev, rdma, drivers);
    }

    public List<NetdevRow> netdev() {
        return netdev;
    }

    public List<RdmaRow> rdma() {
        return rdma;
    }

    public List<DriverRow> driverRows() {
        return drivers;
    }

    /** Interface counter leaves and the files added up for each. */
    public Map<String, List<NetdevRow>> netdevByLeaf() {
        Map<String, List<NetdevRow>> out = new LinkedHashMap<>();
        netdev.forEach(
                r -> out.computeIfAbsent(r.leaf(), l -> new ArrayList<>()).add(r));
        return out;
    }

    /**
     * The mapped plane leaves of {@code driver} and the files added up for each: the driver's own rows
     * for a leaf, else the generic rows for it.
     */
    public Map<String, List<RdmaRow>> rdmaFor(String driver) {
        Map<String, List<RdmaRow>> own = byLeaf(driver);
        Map<String, List<RdmaRow>> out = new LinkedHashMap<>(byLeaf("generic"));
        out.putAll(own);
        return out;
    }

    private Map<String, List<RdmaRow>> byLeaf(String driver) {
        Map<String, List<RdmaRow>> out = new LinkedHashMap<>();
        rdma.stream()
                .filter(r -> r.driver().equals(driver) && r.mapped())
                .forEach(r ->
                        out.computeIfAbsent(r.leaf(), l -> new ArrayList<>()).add(r));
        return out;
    }

    /** Table drivers with rows of their own. */
    public List<String> drivers() {
        return rdma.stream()
                .map(RdmaRow::driver)
                .filter(d -> !d.equals("generic"))
                .distinct()
                .toList();
    }

    /** The table driver of a kernel driver ({@code mlx5_core} gives {@code mlx5}). */
    public Optional<String> driverOfKernelDriver(String kernelDriver) {
        return drivers.stream()
                .filter(d -> d.kernelDriver().equals(kernelDriver))
                .map(DriverRow::driver)
                .findFirst();
    }

    /** The table driver whose default device names start like {@code device}. */
    public Optional<String> driverOfDeviceName(String device) {
        return drivers.stream()
                .filter(d -> device.startsWith(d.namePrefix()))
                .map(DriverRow::driver)
                .findFirst();
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
