package org.planewatch.agent.linux;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which RDMA ports are MRC planes, and their plane numbers.
 *
 * <p>Named ports ({@code --planes}): plane {@code i} is the {@code i}-th port named, as {@code device}
 * (a device with one port) or {@code device/port}. Without names, the default: among the Ethernet
 * ports whose rate could be read, group them by driver and rate; the largest group is the MRC NIC
 * ports (a tie goes to the faster rate, then to the driver first in alphabetical order), numbered in
 * natural order. Storage and front-end NICs are fewer, or of another driver or speed, so they are
 * left out.
 */
final class PlaneSelection {

    /** The flag that names the planes (errors name it so the operator knows what to fix). */
    static final String FLAG = "--planes";

    private PlaneSelection() {}

    static List<RdmaPort> select(List<RdmaPort> ports, List<String> names, String where) {
        return names.isEmpty() ? byDefault(ports) : named(ports, names, where);
    }

    static List<RdmaPort> byDefault(List<RdmaPort> ports) {
        Map<String, List<RdmaPort>> groups = new LinkedHashMap<>();
        for (RdmaPort p : ports) {
            if (p.ethernet() && p.rateGbps().isPresent()) {
                groups.computeIfAbsent(p.driver() + " " + p.rateGbps().get(), k -> new ArrayList<>())
                        .add(p);
            }
        }
        Comparator<List<RdmaPort>> larger = Comparator.comparingInt(List::size);
        Comparator<List<RdmaPort>> faster =
                Comparator.comparing(g -> new BigDecimal(g.getFirst().rateGbps().orElseThrow()));
        Comparator<List<RdmaPort>> driverFirst = Comparator.comparing(
                        (List<RdmaPort> g) -> g.getFirst().driver())
                .reversed();
        Optional<List<RdmaPort>> best =
                groups.values().stream().max(larger.thenComparing(faster).thenComparing(driverFirst));
        return best.map(g -> g.stream().sorted(RdmaPort.ORDER).toList()).orElse(List.of());
    }

    private static List<RdmaPort> named(List<RdmaPort> ports, List<String> names, String where) {
        Map<String, String> namedAs = new HashMap<>();
        List<RdmaPort> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i).strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException(FLAG + ": port " + (i + 1) + " of the list is empty");
            }
            RdmaPort port = resolve(ports, name, where);
            String earlier = namedAs.putIfAbsent(port.name(), name);
            if (earlier != null) {
                throw new IllegalArgumentException(FLAG + ": RDMA port " + port.name() + " is named twice ('" + earlier
                        + "' and '" + name + "'); each plane needs a port of its own");
            }
            out.add(port);
        }
        return List.copyOf(out);
    }

    private static RdmaPort resolve(List<RdmaPort> ports, String name, String where) {
        for (RdmaPort p : ports) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        List<RdmaPort> ofDevice =
                ports.stream().filter(p -> p.device().equals(name)).toList();
        if (ofDevice.size() == 1) {
            return ofDevice.getFirst();
        }
        if (ofDevice.size() > 1) {
            throw new IllegalArgumentException(FLAG + ": RDMA device '" + name + "' has "
                    + ofDevice.size() + " ports; name one of them: "
                    + ofDevice.stream().map(RdmaPort::name).collect(Collectors.joining(", ")));
        }
        throw new IllegalArgumentException(FLAG + ": no RDMA port '" + name + "' in " + where + " (there: "
                + (ports.isEmpty() ? "none" : ports.stream().map(RdmaPort::name).collect(Collectors.joining(", ")))
                + ")");
    }
}
