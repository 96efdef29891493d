package org.planewatch.agent.linux;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds the RDMA ports under {@code <sysfs>/class/infiniband}. */
final class RdmaPorts {

    private RdmaPorts() {}

    /** Every port of every RDMA device, in natural order (device {@code mlx5_2} before {@code mlx5_10}). */
    static List<RdmaPort> scan(Path sysfs, CounterTables tables) {
        Path ib = sysfs.resolve("class/infiniband");
        List<RdmaPort> out = new ArrayList<>();
        for (String dev : SysfsReader.list(ib)) {
            String driver = driverOf(ib.resolve(dev), dev, tables);
            for (String port : SysfsReader.list(ib.resolve(dev).resolve("ports"))) {
                if (!port.chars().allMatch(Character::isDigit) || port.isEmpty()) {
                    continue;
                }
                Path dir = ib.resolve(dev).resolve("ports").resolve(port);
                out.add(new RdmaPort(
                        dev,
                        Integer.parseInt(port),
                        driver,
                        SysfsReader.text(dir.resolve("rate")).flatMap(RdmaPorts::gbps),
                        SysfsReader.text(dir.resolve("link_layer")).orElse(""),
                        dir));
            }
        }
        out.sort(RdmaPort.ORDER);
        return out;
    }

    /**
     * The table driver: from the kernel driver bound to the device (names can be changed by udev
     * rules, the driver cannot), else from the default device-name prefix, else {@code generic}.
     */
    static String driverOf(Path devDir, String dev, CounterTables tables) {
        Path link = devDir.resolve("device/driver");
        try {
            if (Files.isSymbolicLink(link)) {
                String kernelDriver = Files.readSymbolicLink(link).getFileName().toString();
                Optional<String> known = tables.driverOfKernelDriver(kernelDriver);
                if (known.isPresent()) {
                    return known.get();
                }
            }
        } catch (IOException e) {
            // unreadable link: fall back to the name
        }
        return tables.driverOfDeviceName(dev).orElse("generic");
    }

    /** The {@code rate} file reads like "400 Gb/sec (4X NDR)" or "2.5 Gb/sec (1X SDR)". */
    static Optional<String> gbps(String rate) {
        String[] words = rate.strip().split("\\s+");
        if (words.length < 2 || !words[1].startsWith("Gb/s")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new BigDecimal(words[0]).stripTrailingZeros().toPlainString());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
