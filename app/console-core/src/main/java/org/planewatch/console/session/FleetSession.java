package org.planewatch.console.session;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.console.fleet.FleetReader;
import org.planewatch.console.ingest.TargetsFile;
import org.planewatch.console.state.FreshnessPolicy;
import org.planewatch.console.state.SnapshotSource;
import org.planewatch.console.telemetry.DrillDownLookBack;
import org.planewatch.console.telemetry.FleetAddress;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * A console on a fleet (ADR 0102): the whole fabric from the collector tier's rollups in Kafka, and
 * on drill-down the raw updates of the one host or switch being looked at. Agents are the
 * collectors' targets, not the console's: adding one here is refused with where to add it.
 */
public final class FleetSession implements TargetControl, DrillDownControl, AutoCloseable {
    /** The rollups are written every second: stale after 5 s without one, lost after 30 s. */
    public static final FreshnessPolicy ROLLUP_FRESHNESS =
            new FreshnessPolicy(Duration.ofSeconds(5), Duration.ofSeconds(30));

    /** Two samples at the default 60 s counter interval, and some: enough to make rates from. */
    public static final Duration DRILL_DOWN_LOOKBACK = Duration.ofSeconds(150);

    private final FleetAddress address;
    private final FleetReader reader;

    private FleetSession(FleetAddress address, FleetReader reader) {
        this.address = address;
        this.reader = reader;
    }

    public static FleetSession start(FleetAddress address, InstantSource clock) {
        return start(address, clock, DRILL_DOWN_LOOKBACK);
    }

    public static FleetSession start(FleetAddress address, InstantSource clock, Duration drillDownLookback) {
        return new FleetSession(address, FleetReader.start(address, clock, ROLLUP_FRESHNESS, drillDownLookback));
    }

    /**
     * The fleet of {@code --kafka bootstrap} with {@code --kafka-property key=value} options and a
     * {@code --kafka-properties file}, checked: a bad value says what and where.
     */
    public static FleetAddress address(String bootstrap, List<String> properties, Optional<Path> propertiesFile) {
        Map<String, String> all = new LinkedHashMap<>();
        propertiesFile.ifPresent(file -> all.putAll(TargetsFile.kafkaProperties(file)));
        all.putAll(TargetsFile.kafkaProperties("--kafka-property", properties));
        return new FleetAddress(bootstrap, all, "--kafka");
    }

    /** The {@code kafka:} entry of a targets file, checked, if it has one. */
    public static Optional<FleetAddress> addressIn(Path targetsFile) throws IOException {
        return TargetsFile.kafka(targetsFile);
    }

    public SnapshotSource snapshots() {
        return reader;
    }

    /** "fleet via Kafka host:port": for the window title and the status line. */
    public String label() {
        return address.label();
    }

    @Override
    public void watchEvs(String host) {
        reader.drillInto(host);
    }

    @Override
    public void watchDevice(String device) {
        reader.drillInto(device);
    }

    /** How the last drill-down's look-back was read: through the rollups' index or whole (ADR 0157). */
    public Optional<DrillDownLookBack> lastDrillDownLookBack() {
        return reader.lastDrillDownLookBack();
    }

    @Override
    public void add(TargetConfig target) {
        throw new IllegalArgumentException("on a fleet the collectors subscribe to agents: add '" + target.name()
                + "' to the collectors' targets file, not to the console");
    }

    @Override
    public void remove(String name) {
        // nothing: the console holds no subscriptions of its own on a fleet
    }

    @Override
    public List<TargetConfig> targets() {
        return List.of();
    }

    @Override
    public void close() {
        reader.close();
    }
}
