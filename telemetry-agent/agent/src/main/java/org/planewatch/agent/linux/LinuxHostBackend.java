package org.planewatch.agent.linux;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.planewatch.agent.backend.DeviceSnapshot;
import org.planewatch.agent.backend.PublishingBackend;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.TelemetryClock;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.schema.InterfaceLeaves;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.schema.PlaneLeaves;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * One Linux host as a gNMI target: interface counters from {@code <sysfs>/class/net}, RDMA port counters
 * from {@code <sysfs>/class/infiniband} as MRC plane leaves (one plane per RDMA port, numbered in
 * device and port order). Reads go to sysfs each time; a poller publishes snapshots so that ON_CHANGE
 * subscribers see changes within one poll interval.
 */
public final class LinuxHostBackend extends PublishingBackend {

    private static final int IFF_UP = 0x1;

    private final Path sysfs;
    private final String target;
    private final Duration pollInterval;
    private final CounterTables tables;
    private ScheduledExecutorService poller;

    /**
     * @param sysfs root of sysfs ({@code /sys}, or a fixture tree)
     * @param target the target name (usually the host name)
     * @param pollInterval how often changes are looked for
     */
    public LinuxHostBackend(Path sysfs, String target, TelemetryClock clock, Duration pollInterval) {
        super(clock);
        if (!Files.isDirectory(sysfs.resolve("class"))) {
            throw new IllegalArgumentException(
                    "sysfs root " + sysfs + " has no 'class' directory; is it a sysfs mount?");
        }
        this.sysfs = sysfs;
        this.target = target;
        this.pollInterval = pollInterval;
        this.tables = CounterTables.load();
    }

    @Override
    public List<TargetInfo> targets() {
        return List.of(new TargetInfo(target, DeviceRole.HOST));
    }

    @Override
    public DeviceSnapshot read(String name) {
        if (!name.equals(target)) {
            throw new IllegalArgumentException("unknown target '" + name + "'");
        }
        long now = clock().nowNs();
        Map<TelemetryPath, TelemetryValue> leaves = new LinkedHashMap<>();
        readInterfaces(leaves);
        readRdmaPorts(leaves);
        return new DeviceSnapshot(target, now, leaves);
    }

    private void readInterfaces(Map<TelemetryPath, TelemetryValue> out) {
        Path net = sysfs.resolve("class/net");
        for (String ifName : SysfsReader.list(net)) {
            Path dir = net.resolve(ifName);
            TelemetryPath state = InterfaceLeaves.state(ifName);
            SysfsReader.text(dir.resolve("operstate"))
                    .ifPresent(
                            s -> out.put(state.child(InterfaceLeaves.OPER_STATUS), TelemetryValue.str(operStatus(s))));
            SysfsReader.number(dir.resolve("flags"))
                    .ifPresent(flags -> out.put(
                            state.child(InterfaceLeaves.ADMIN_STATUS),
                            TelemetryValue.str((flags & IFF_UP) != 0 ? "UP" : "DOWN")));
            TelemetryPath counters = state.child(PathNames.COUNTERS);
            for (CounterTables.NetdevRow row : tables.netdev()) {
                SysfsReader.number(dir.resolve("statistics").resolve(row.file()))
                        .ifPresent(v -> out.put(counters.child(row.leaf()), TelemetryValue.uint(v)));
            }
            SysfsReader.number(dir.resolve("carrier_changes"))
                    .ifPresent(
                            v -> out.put(counters.child(InterfaceLeaves.CARRIER_TRANSITIONS), TelemetryValue.uint(v)));
        }
    }

    /** Kernel operstate (RFC 2863 names in lower case) to the OpenConfig enumeration. */
    static String operStatus(String kernel) {
        return switch (kernel.toLowerCase(Locale.ROOT)) {
            case "up" -> "UP";
            case "down" -> "DOWN";
            case "dormant" -> "DORMANT";
            case "testing" -> "TESTING";
            case "notpresent" -> "NOT_PRESENT";
            case "lowerlayerdown" -> "LOWER_LAYER_DOWN";
            default -> "UNKNOWN";
        };
    }

    private void readRdmaPorts(Map<TelemetryPath, TelemetryValue> out) {
        Path ib = sysfs.resolve("class/infiniband");
        int plane = 0;
        for (String dev : SysfsReader.list(ib)) {
            String driver = driverOf(ib.resolve(dev), dev);
            for (String port : SysfsReader.list(ib.resolve(dev).resolve("ports"))) {
                Path dir = ib.resolve(dev).resolve("ports").resolve(port);
                TelemetryPath state = PlaneLeaves.state(plane++);
                out.put(
                        state.child(PlaneLeaves.PORT_NAME),
                        TelemetryValue.str(portName(ib.resolve(dev), dir, dev, port)));
                SysfsReader.text(dir.resolve("state"))
                        .ifPresent(
                                s -> out.put(state.child(PlaneLeaves.OPER_STATUS), TelemetryValue.str(ibPortState(s))));
                for (CounterTables.RdmaRow row : tables.rdmaFor(driver)) {
                    OptionalLong v = SysfsReader.number(dir.resolve(row.dir()).resolve(row.file()));
                    if (v.isPresent()) {
                        out.put(state.child(row.leaf()), TelemetryValue.uint(v.getAsLong() * row.scale()));
                    }
                }
            }
        }
    }

    private String driverOf(Path devDir, String dev) {
        for (String driver : tables.drivers()) {
            if (dev.startsWith(driver)) {
                return driver;
            }
        }
        try {
            Path link = devDir.resolve("device/driver");
            if (Files.isSymbolicLink(link)) {
                String name = Files.readSymbolicLink(link).getFileName().toString();
                return name.equals("mlx5_core") ? "mlx5" : name;
            }
        } catch (java.io.IOException e) {
            // no driver link: generic counters only
        }
        return "generic";
    }

    private static String portName(Path devDir, Path portDir, String dev, String port) {
        Optional<String> ndev = SysfsReader.text(portDir.resolve("gid_attrs/ndevs/0"));
        if (ndev.isPresent()) {
            return ndev.get();
        }
        List<String> nets = SysfsReader.list(devDir.resolve("device/net"));
        return nets.isEmpty() ? dev + "/" + port : nets.getFirst();
    }

    /** The port's {@code state} file reads like "4: ACTIVE". */
    static String ibPortState(String text) {
        String s = text.contains(":") ? text.substring(text.indexOf(':') + 1).strip() : text;
        return switch (s.toUpperCase(Locale.ROOT)) {
            case "ACTIVE" -> "UP";
            case "DOWN", "INIT", "ARMED" -> "DOWN";
            default -> "UNKNOWN";
        };
    }

    @Override
    public synchronized void start() {
        if (poller != null) {
            return;
        }
        feed.publish(read(target));
        poller = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("sysfs-poller").factory());
        poller.scheduleAtFixedRate(
                () -> feed.publish(read(target)), pollInterval.toNanos(), pollInterval.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public synchronized void close() {
        if (poller != null) {
            poller.shutdownNow();
        }
    }
}
