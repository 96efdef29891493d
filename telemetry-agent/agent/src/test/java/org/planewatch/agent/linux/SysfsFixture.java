package org.planewatch.agent.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes sysfs trees shaped like the kernel's: {@code class/net/<if>/statistics/*} and
 * {@code class/infiniband/<dev>/{device/driver -> .../drivers/<kernel driver>, device/net/<if>,
 * ports/<n>/{state,rate,link_layer,gid_attrs/ndevs/0,counters/*,hw_counters/*}}}.
 */
final class SysfsFixture {

    final Path root;

    SysfsFixture(Path root) {
        this.root = root;
        write("class/net/lo/operstate", "unknown");
    }

    SysfsFixture write(String relative, String content) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content + "\n");
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One Ethernet (RoCE) port 1 of {@code dev}, bound to {@code kernelDriver}, ACTIVE, with its netdev.
     *
     * @param gbps the link rate, as the {@code rate} file shows it ("400 Gb/sec (4X NDR)")
     */
    SysfsFixture rocePort(String dev, String kernelDriver, int gbps, String netdev) {
        return port(dev, 1, kernelDriver, gbps, "Ethernet", netdev);
    }

    SysfsFixture port(String dev, int port, String kernelDriver, int gbps, String linkLayer, String netdev) {
        String p = "class/infiniband/" + dev + "/ports/" + port + "/";
        write(p + "state", "4: ACTIVE");
        write(p + "phys_state", "5: LinkUp");
        write(p + "rate", gbps + " Gb/sec (" + (gbps >= 100 ? "4X" : "1X") + " " + speedName(gbps) + ")");
        write(p + "link_layer", linkLayer);
        write(p + "gid_attrs/ndevs/0", netdev);
        write("class/net/" + netdev + "/operstate", "up");
        write("class/net/" + netdev + "/flags", "0x1003");
        try {
            Path drivers = Files.createDirectories(root.resolve("bus/pci/drivers/" + kernelDriver));
            Path device = Files.createDirectories(root.resolve("class/infiniband/" + dev + "/device"));
            Files.createDirectories(device.resolve("net/" + netdev));
            if (!Files.isSymbolicLink(device.resolve("driver"))) {
                Files.createSymbolicLink(device.resolve("driver"), drivers);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    SysfsFixture counter(String dev, String dir, String file, long value) {
        return write("class/infiniband/" + dev + "/ports/1/" + dir + "/" + file, Long.toString(value));
    }

    SysfsFixture state(String dev, String state) {
        return write("class/infiniband/" + dev + "/ports/1/state", state);
    }

    private static String speedName(int gbps) {
        return switch (gbps) {
            case 400 -> "NDR";
            case 200 -> "HDR";
            case 100 -> "EDR";
            default -> "EDR";
        };
    }

    /**
     * A GPU host with 12 mlx5 RoCE ports: 8 MRC ports named so that string order differs from natural
     * order ({@code mlx5_0..3, mlx5_6, mlx5_7, mlx5_9, mlx5_10}, netdevs {@code mrc0..mrc7} in natural
     * order), 2 storage ports ({@code mlx5_4, mlx5_5}, netdevs {@code stor0, stor1}) and 2 front-end
     * ports renamed by udev ({@code rocep3s0f0, rocep3s0f1}, netdevs {@code fe0, fe1}).
     */
    static SysfsFixture mlx5TwelvePorts(Path root, int mrcGbps, int storageGbps, int frontGbps) {
        SysfsFixture f = new SysfsFixture(root);
        String[] mrc = {"mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_9", "mlx5_10"};
        for (int i = 0; i < mrc.length; i++) {
            f.rocePort(mrc[i], "mlx5_core", mrcGbps, "mrc" + i);
        }
        f.rocePort("mlx5_4", "mlx5_core", storageGbps, "stor0");
        f.rocePort("mlx5_5", "mlx5_core", storageGbps, "stor1");
        f.rocePort("rocep3s0f0", "mlx5_core", frontGbps, "fe0");
        f.rocePort("rocep3s0f1", "mlx5_core", frontGbps, "fe1");
        return f;
    }
}
