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
 * from {@code <sysfs>/class/infiniband} as MRC plane leaves. The planes are the RDMA ports the operator
 * names, or by default the MRC NIC ports found by driver and rate ({@link PlaneSelection}); they are
 * chosen once at start so plane numbers stay put. LLDP neighbors come from lldpd where it runs
 * ({@link LldpNeighbors}). Reads go to sysfs each time; a poller publishes
 * snapshots so that ON_CHANGE subscribers see changes within one poll interval.
 */
public final class LinuxHostBackend extends PublishingBackend {

    private static final int IFF_UP = 0x1;

    private final Path sysfs;
    private final String target;
    private final Duration pollInterval;
    private final CounterTables tables;
    private final List<RdmaPort> planes;
    private ScheduledExecutorService poller;
    private volatile LldpNeighbors lldp = LldpNeighbors.NONE;

    /**
     * @param sysfs root of sysfs ({@code /sys}, or a fixture tree)
     * @param target the target name (usually the host name)
     * @param pollInterval how often changes are looked for
     */
    public LinuxHostBackend(Path sysfs, String target, TelemetryClock clock, Duration pollInterval) {
        this(sysfs, target, clock, pollInterval, List.of());
    }

    /**
     * @param planePorts the RDMA ports that are planes, plane {@code i} being the {@code i}-th
     *     ({@code device} or {@code device/port}); empty for the default choice
     * @throws IllegalArgumentException naming the port when a named port does not exist, is ambiguous
     *     or is named twice
     */
    public LinuxHostBackend(
            Path sysfs, String target, TelemetryClock clock, Duration pollInterval, List<String> planePorts) {
        super(clock);
        if (!Files.isDirectory(sysfs.resolve("class"))) {
            throw new IllegalArgumentException(
                    "sysfs root " + sysfs + " has no 'class' directory; is it a sysfs mount?");
        }
        this.sysfs = sysfs;
        this.target = target;
        this.pollInterval = pollInterval;
        this.tables = CounterTables.load();
        this.planes = PlaneSelection.select(
                RdmaPorts.scan(sysfs, tables),
                planePorts,
                sysfs.resolve("class/infiniband").toString());
    }

    /** Serves the host's LLDP neighbors from {@code neighbors} (lldpd's, through lldpcli) from now on. */
    public void readLldpFrom(LldpNeighbors neighbors) {
        this.lldp = neighbors;
    }

    /** The RDMA ports that are planes, as {@code device/port}, plane 0 first. */
    public List<String> planePorts() {
        return planes.stream().map(RdmaPort::name).toList();
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
        lldp.leaves(leaves);
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
            tables.netdevByLeaf().forEach((leaf, rows) -> {
                OptionalLong sum = sum(rows.stream()
                        .map(r -> SysfsReader.number(dir.resolve("statistics").resolve(r.file())))
                        .toList());
                sum.ifPresent(v -> out.put(counters.child(leaf), TelemetryValue.uint(v)));
            });
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
        for (int plane = 0; plane < planes.size(); plane++) {
            RdmaPort port = planes.get(plane);
            Path dir = port.dir();
            TelemetryPath state = PlaneLeaves.state(plane);
            out.put(state.child(PlaneLeaves.PORT_NAME), TelemetryValue.str(portName(ib.resolve(port.device()), port)));
            SysfsReader.text(dir.resolve("state"))
                    .ifPresent(s -> out.put(state.child(PlaneLeaves.OPER_STATUS), TelemetryValue.str(ibPortState(s))));
            tables.rdmaFor(port.driver()).forEach((leaf, rows) -> {
                OptionalLong sum = sum(rows.stream()
                        .map(r -> scaled(SysfsReader.number(dir.resolve(r.dir()).resolve(r.file())), r.scale()))
                        .toList());
                sum.ifPresent(v -> out.put(state.child(leaf), TelemetryValue.uint(v)));
            });
        }
    }

    private static OptionalLong scaled(OptionalLong v, long scale) {
        return v.isPresent() ? OptionalLong.of(v.getAsLong() * scale) : v;
    }

    /** The sum of the values present; absent when none is (a leaf is never a made-up zero). */
    private static OptionalLong sum(List<OptionalLong> values) {
        OptionalLong total = OptionalLong.empty();
        for (OptionalLong v : values) {
            if (v.isPresent()) {
                total = OptionalLong.of(total.orElse(0) + v.getAsLong());
            }
        }
        return total;
    }

    /** The netdev of the port: {@code gid_attrs/ndevs/0}, else the device's {@code net} directory. */
    private static String portName(Path devDir, RdmaPort port) {
        Optional<String> ndev = SysfsReader.text(port.dir().resolve("gid_attrs/ndevs/0"));
        if (ndev.isPresent()) {
            return ndev.get();
        }
        List<String> nets = SysfsReader.list(devDir.resolve("device/net"));
        // a device with several netdevs does not say which is this port's: use the port's own name
        return nets.size() == 1 ? nets.getFirst() : port.name();
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
