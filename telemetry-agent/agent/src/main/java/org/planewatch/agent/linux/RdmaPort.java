package org.planewatch.agent.linux;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;

/**
 * One port of an RDMA device as sysfs shows it at start.
 *
 * @param device the device name ({@code mlx5_3}, or a udev name such as {@code rocep65s0f0})
 * @param port the port number (1 for Ethernet NICs)
 * @param driver the table driver whose counter rows apply ({@code generic} when unknown)
 * @param rateGbps the link rate from the port's {@code rate} file, in Gb/s, if it could be read
 * @param linkLayer {@code Ethernet} or {@code InfiniBand} (the {@code link_layer} file; empty if absent)
 * @param dir {@code <sysfs>/class/infiniband/<device>/ports/<port>}
 */
record RdmaPort(String device, int port, String driver, Optional<String> rateGbps, String linkLayer, Path dir) {

    /** Device, then port, in natural order. */
    static final Comparator<RdmaPort> ORDER =
            Comparator.comparing(RdmaPort::device, NaturalOrder.INSTANCE).thenComparingInt(RdmaPort::port);

    /** The name an operator uses: {@code device/port}. */
    String name() {
        return device + "/" + port;
    }

    boolean ethernet() {
        return linkLayer.equalsIgnoreCase("Ethernet");
    }
}
