package org.planewatch.agent.testing;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.planewatch.agent.backend.TargetInfo;
import org.planewatch.agent.backend.memory.InMemoryBackend;
import org.planewatch.agent.gnmi.GnmiOptions;
import org.planewatch.agent.log.StructuredLog;
import org.planewatch.agent.server.AgentConfig;
import org.planewatch.agent.server.AgentServer;
import org.planewatch.telemetry.schema.DeviceRole;
import org.planewatch.telemetry.value.TelemetryValue;

/** Two hosts and a switch with known values, served by a real agent on 127.0.0.1 and a free port. */
public final class TestFabric implements AutoCloseable {

    public static final long START_NS = 1_700_000_000_000_000_000L;
    public static final long MIN_SAMPLE_NS = 10_000_000L;
    public static final long TARGET_DEFINED_NS = 20_000_000L;

    public final AtomicLong clockNs = new AtomicLong(START_NS);
    public final InMemoryBackend backend = new InMemoryBackend(
            List.of(
                    new TargetInfo("host-0001", DeviceRole.HOST),
                    new TargetInfo("host-0002", DeviceRole.HOST),
                    new TargetInfo("p0-t0-0", DeviceRole.SWITCH)),
            clockNs::get);
    public final AgentServer server;

    public TestFabric() throws IOException {
        this(options(), cfg -> cfg);
    }

    public static GnmiOptions options() {
        return GnmiOptions.defaults()
                .withMinSampleIntervalNs(MIN_SAMPLE_NS)
                .withTargetDefinedIntervalNs(TARGET_DEFINED_NS);
    }

    public TestFabric(GnmiOptions options, UnaryOperator<AgentConfig> config) throws IOException {
        this(options, config, StructuredLog.silent());
    }

    /** An agent that logs to {@code log} (tests of what it logs). */
    public TestFabric(GnmiOptions options, UnaryOperator<AgentConfig> config, StructuredLog log) throws IOException {
        for (String host : List.of("host-0001", "host-0002")) {
            backend.put(host, "/interfaces/interface[name=eth0]/state/counters/in-octets", uint(100))
                    .put(host, "/interfaces/interface[name=eth0]/state/counters/out-octets", uint(200))
                    .put(host, "/interfaces/interface[name=eth0]/state/oper-status", str("UP"))
                    .put(host, "/interfaces/interface[name=eth1]/state/counters/in-octets", uint(300))
                    .put(host, "mrc:/planes/plane[id=0]/state/tx-pkts", uint(10))
                    .put(host, "mrc:/planes/plane[id=0]/state/oper-status", str("UP"))
                    .put(host, "mrc:/events/state/next-seq", uint(0));
        }
        backend.put("p0-t0-0", "/interfaces/interface[name=swp1]/state/counters/out-pkts", uint(5))
                .put(
                        "p0-t0-0",
                        "/qos/interfaces/interface[interface-id=swp1]/output/queues/queue[name=data]/state/trim-pkts",
                        uint(7));
        server = new AgentServer(config.apply(AgentConfig.loopbackInsecure(0, options)), backend, log).start();
    }

    public GnmiClient client() {
        return new GnmiClient(server.port());
    }

    public static TelemetryValue uint(long v) {
        return new TelemetryValue.Uint(v);
    }

    public static TelemetryValue str(String v) {
        return new TelemetryValue.Str(v);
    }

    @Override
    public void close() {
        server.close();
    }
}
