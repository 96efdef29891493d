package org.planewatch.console.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * A small fabric's telemetry written by hand for view tests: P planes of T0 x T1 switches with
 * hosts below, counters that grow at steady, slightly uneven rates, links that go down, and hosts
 * that exclude paths through a link. Deterministic: the same calls give the same leaves.
 */
public final class FabricScript {
    public final int planes;
    public final int t0;
    public final int t1;
    public final int hostsPerT0;
    private final Map<String, Map<TelemetryPath, TelemetryValue>> devices = new LinkedHashMap<>();
    private final Map<String, Long> counters = new HashMap<>();
    private final Set<String> downLinks = new HashSet<>();
    private final Map<String, Long> nextSeq = new HashMap<>();
    private final Map<String, Integer> badEvs = new HashMap<>();
    private long lastTickNs;
    /** The host whose per-EV leaves are sent: as the agent does, only under the explicit subscription for one host. */
    private String watchedHost;

    public FabricScript(int planes, int t0, int t1, int hostsPerT0) {
        this.planes = planes;
        this.t0 = t0;
        this.t1 = t1;
        this.hostsPerT0 = hostsPerT0;
    }

    public static String host(int index) {
        return "host-%04d".formatted(index);
    }

    public static String sw(int plane, int tier, int index) {
        return "p" + plane + "-t" + tier + "-" + index;
    }

    public static String link(int plane, int t0, int t1) {
        return sw(plane, 0, t0) + "~" + sw(plane, 1, t1);
    }

    public int hosts() {
        return t0 * hostsPerT0;
    }

    public void setLink(String link, boolean up) {
        if (up) {
            downLinks.remove(link);
        } else {
            downLinks.add(link);
        }
    }

    /** Hosts below T0 {@code t0Index} retire {@code evs} EVs of {@code plane} (shown in their plane counters). */
    public void setBadEvs(String host, int plane, int evs) {
        badEvs.put(host + "/" + plane, evs);
    }

    /** From the next tick on, sends {@code host}'s per-EV leaves (and no other host's), as an agent does for the host looked at. */
    public void watchEvs(String host) {
        watchedHost = host;
    }

    /** Advances every counter to {@code tsNs} and returns the changed devices' leaves. */
    public Map<String, Map<TelemetryPath, TelemetryValue>> tick(long tsNs) {
        double seconds = lastTickNs == 0 ? 0 : (tsNs - lastTickNs) / 1e9;
        lastTickNs = tsNs;
        Map<String, Map<TelemetryPath, TelemetryValue>> changed = new LinkedHashMap<>();
        for (int p = 0; p < planes; p++) {
            for (int i = 0; i < t0; i++) {
                for (int j = 0; j < t1; j++) {
                    String l = link(p, i, j);
                    boolean up = !downLinks.contains(l);
                    double load =
                            up ? 0.55 + 0.1 * ((i * 7 + j * 3 + p) % 5) / 4 + (downLinksOnT0(p, i) > 0 ? 0.2 : 0) : 0;
                    port(changed, sw(p, 0, i), sw(p, 1, j), up, load, seconds, 200 * load);
                    port(changed, sw(p, 1, j), sw(p, 0, i), up, load, seconds, 100 * load);
                }
                for (int h = 0; h < hostsPerT0; h++) {
                    port(changed, sw(p, 0, i), host(i * hostsPerT0 + h), true, 0.6, seconds, 3000);
                }
            }
        }
        for (int h = 0; h < hosts(); h++) {
            String host = host(h);
            for (int p = 0; p < planes; p++) {
                int bad = badEvs.getOrDefault(host + "/" + p, 0);
                String base = "mrc:/planes/plane[id=" + p + "]/state/";
                put(changed, host, base + "port-name", new TelemetryValue.Str("eth" + p));
                put(changed, host, base + "oper-status", new TelemetryValue.Str("UP"));
                put(changed, host, base + "evs-good", new TelemetryValue.Uint(64 - bad));
                put(changed, host, base + "evs-assumed-bad", new TelemetryValue.Uint(bad));
                put(changed, host, base + "evs-denied", new TelemetryValue.Uint(0));
                put(changed, host, base + "rx-octets", counter(host + base + "rx", 5e9 * seconds));
                put(changed, host, base + "tx-octets", counter(host + base + "tx", 5e9 * seconds));
            }
            String qp = "mrc:/qps/qp[qpn=" + (100 + h) + "]/state/";
            put(changed, host, qp + "peer", new TelemetryValue.Str(host((h + 1) % hosts())));
            put(changed, host, qp + "evs-active", new TelemetryValue.Uint(64L * planes - badEvsOf(host)));
            put(changed, host, qp + "tx-pkts", counter(host + qp, 1e6 * seconds));
            for (int ev = 0; ev < (host.equals(watchedHost) ? 16 : 0); ev++) {
                String evBase = "mrc:/qps/qp[qpn=" + (100 + h) + "]/evs/ev[id=" + ev + "]/state/";
                put(changed, host, evBase + "plane", new TelemetryValue.Uint(ev % planes));
                put(
                        changed,
                        host,
                        evBase + "state",
                        new TelemetryValue.Str(
                                ev < badEvs.getOrDefault(host + "/" + (ev % planes), 0) ? "ASSUMED_BAD" : "GOOD"));
                put(changed, host, evBase + "penalty", new TelemetryValue.Uint(ev % 3));
            }
        }
        return changed;
    }

    private int badEvsOf(String host) {
        int sum = 0;
        for (int p = 0; p < planes; p++) {
            sum += badEvs.getOrDefault(host + "/" + p, 0);
        }
        return sum;
    }

    private int downLinksOnT0(int plane, int t0Index) {
        int count = 0;
        for (int j = 0; j < t1; j++) {
            if (downLinks.contains(link(plane, t0Index, j))) {
                count++;
            }
        }
        return count;
    }

    private void port(
            Map<String, Map<TelemetryPath, TelemetryValue>> changed,
            String device,
            String peer,
            boolean up,
            double load,
            double seconds,
            double trimsPerSecond) {
        String base = "/interfaces/interface[name=" + peer + "]/state/";
        put(changed, device, base + "oper-status", new TelemetryValue.Str(up ? "UP" : "DOWN"));
        put(changed, device, base + "counters/out-octets", counter(device + peer + "o", load * 100e9 / 8 * seconds));
        put(changed, device, base + "counters/in-octets", counter(device + peer + "i", load * 100e9 / 8 * seconds));
        put(changed, device, base + "counters/trim-pkts", counter(device + peer + "t", trimsPerSecond * seconds));
        put(changed, device, base + "counters/out-discards", counter(device + peer + "d", up ? 0 : 0));
        String queue = "/qos/interfaces/interface[interface-id=" + peer + "]/output/queues/queue[name=data]/state/";
        put(changed, device, queue + "ecn-marked-pkts", counter(device + peer + "e", 50 * load * seconds));
        put(changed, device, queue + "transmit-pkts", counter(device + peer + "q", load * 3e6 * seconds));
        put(changed, device, queue + "max-queue-len", new TelemetryValue.Uint((long) (load * 100_000)));
    }

    private TelemetryValue counter(String key, double increment) {
        return new TelemetryValue.Uint(counters.merge(key, Math.round(increment), Long::sum));
    }

    private void put(
            Map<String, Map<TelemetryPath, TelemetryValue>> changed, String device, String path, TelemetryValue value) {
        TelemetryPath parsed = TelemetryPath.parse(path);
        devices.computeIfAbsent(device, d -> new LinkedHashMap<>()).put(parsed, value);
        changed.computeIfAbsent(device, d -> new LinkedHashMap<>()).put(parsed, value);
    }

    /** The leaves of one exclusion decision by {@code host}, as its agent's event ring holds them. */
    public Map<TelemetryPath, TelemetryValue> exclusion(
            String host, long tsNs, int plane, List<String> links, String from, String to, String reason) {
        long seq = nextSeq.merge(host, 1L, Long::sum);
        String base = "mrc:/events/event[seq=" + seq + "]/state/";
        Map<TelemetryPath, TelemetryValue> leaves = new LinkedHashMap<>();
        leaves.put(TelemetryPath.parse(base + "timestamp"), new TelemetryValue.Uint(tsNs));
        leaves.put(
                TelemetryPath.parse(base + "qpn"), new TelemetryValue.Uint(100 + Integer.parseInt(host.substring(5))));
        leaves.put(TelemetryPath.parse(base + "ev"), new TelemetryValue.Uint(seq % 16));
        leaves.put(TelemetryPath.parse(base + "plane"), new TelemetryValue.Uint(plane));
        leaves.put(TelemetryPath.parse(base + "links"), new TelemetryValue.Str(String.join(",", links)));
        leaves.put(TelemetryPath.parse(base + "from-state"), new TelemetryValue.Str(from));
        leaves.put(TelemetryPath.parse(base + "to-state"), new TelemetryValue.Str(to));
        leaves.put(TelemetryPath.parse(base + "reason"), new TelemetryValue.Str(reason));
        return leaves;
    }

    /** Leaves as the console's ingest would decode them, one notification per device. */
    public static List<IngestEvent> asEvents(
            String source, Map<String, Map<TelemetryPath, TelemetryValue>> leaves, long tsNs, long arrivalMillis) {
        List<IngestEvent> events = new ArrayList<>();
        leaves.forEach((device, values) -> {
            List<TelemetryUpdate> updates = new ArrayList<>(values.size());
            values.forEach((path, value) -> updates.add(new TelemetryUpdate(path, value)));
            events.add(new IngestEvent.Notification(source, device, tsNs, updates, List.of(), arrivalMillis));
        });
        return events;
    }
}
