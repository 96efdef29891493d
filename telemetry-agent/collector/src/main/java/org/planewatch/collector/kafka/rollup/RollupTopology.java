package org.planewatch.collector.kafka.rollup;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.Stores;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.config.TopicLayout;
import org.planewatch.collector.kafka.Topics;
import org.planewatch.collector.rollup.FleetRole;
import org.planewatch.collector.rollup.PerDeviceOutput;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.rollup.RollupOutput;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.fleet.RollupJson;

/**
 * The rollups (ADR 0100), as two Kafka Streams applications (ADR 0150). The per-device one: updates
 * (keyed by device) -&gt; per-device stage -&gt; partial sums and link views keyed by plane, and
 * exclusions -&gt; keyed by plane, both into the plane inputs topic; the per-device stage also writes
 * the roles its devices tell (hosts, T0s) to a compacted topic every task reads back whole as a global
 * store, so a task places the neighbors of its switches as the whole fabric would (ADR 0116). The
 * by-plane one: plane inputs -&gt; by-plane stage -&gt; the four compacted topics (planes, links,
 * suspects, alarms). Apart, each runs on a stream thread of its own: a per-device hand-out that takes
 * seconds (a topology learning) no longer holds the planes' ticks back.
 */
public final class RollupTopology {
    private RollupTopology() {}

    /** The per-device application: updates and exclusions in, plane inputs and fleet roles out. */
    public static Topology devices(TopicLayout topics, RollupLayout rollups, RollupCounters counters) {
        StreamsBuilder builder = new StreamsBuilder();
        // Its changelog is compacted as the rollup topics are, and the task's writes of a second are
        // cached into one: a drill-down reads a device's record from it (ADR 0145), and a task that moves
        // restores from it. With Kafka's defaults (a 1 GB segment, never cleaned while it is the active
        // one) a partition at full scale held 80 MB for 20 MB of latest records after an hour, a
        // switch's record written some 24 times as its ports' leaves came in, one notification apiece.
        builder.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(DeviceStage.REMEMBERED_LEAVES),
                        Serdes.String(),
                        Serdes.ByteArray())
                .withCachingEnabled()
                .withLoggingEnabled(Topics.ROLLUP_COMPACTION));
        // Rewritten with each record a device sends: cached, a device's writes of a second are one, and
        // its changelog, compacted as the rollup topics are, is what a drill-down reads (ADR 0157).
        builder.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(DeviceStage.UPDATE_INDEX), Serdes.String(), Serdes.ByteArray())
                .withCachingEnabled()
                .withLoggingEnabled(Topics.ROLLUP_COMPACTION));
        FleetRolesStore roles = new FleetRolesStore();
        // One application per collector, run by its one stream thread: the per-device tasks share it.
        AtomicInteger deviceTasks = new AtomicInteger();
        builder.addGlobalStore(
                Stores.keyValueStoreBuilder(
                                Stores.inMemoryKeyValueStore(FleetRolesStore.STORE), Serdes.String(), Serdes.String())
                        .withLoggingDisabled(),
                rollups.roles(),
                Consumed.with(Serdes.String(), Serdes.String()).withName("fleet-roles"),
                roles::writer);
        Map<String, KStream<String, PerDeviceOutput>> perDevice = builder.stream(
                        topics.updates(),
                        Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("updates"))
                .process(
                        () -> new DeviceStage(counters, roles, deviceTasks),
                        Named.as("per-device"),
                        DeviceStage.REMEMBERED_LEAVES,
                        DeviceStage.UPDATE_INDEX)
                .split(Named.as("per-device-"))
                .branch((device, output) -> output instanceof FleetRole, Branched.as("roles"))
                .defaultBranch(Branched.as("partials"));
        perDevice
                .get("per-device-roles")
                .mapValues(role -> ((FleetRole) role).value(), Named.as("role-values"))
                .to(
                        rollups.roles(),
                        Produced.with(Serdes.String(), Serdes.String()).withName("to-fleet-roles"));
        KStream<String, PlaneInput> partials = perDevice
                .get("per-device-partials")
                .mapValues(input -> (PlaneInput) input, Named.as("plane-inputs-of-devices"));
        KStream<String, PlaneInput> decisions = builder.stream(
                        topics.exclusions(),
                        Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("exclusions"))
                .process(() -> new DecisionsByPlane(counters), Named.as("decisions-by-plane"));
        // Keyed by plane: the producer's partitioner puts a plane's inputs in one partition, as the
        // repartition topic of one application did.
        partials.merge(decisions, Named.as("plane-inputs"))
                .to(
                        rollups.planeInputs(),
                        Produced.with(Serdes.String(), new PlaneInputSerde()).withName("to-plane-inputs"));
        return builder.build();
    }

    /** The by-plane application: plane inputs in, the four rollup topics out. */
    public static Topology planes(RollupLayout rollups, AlarmThresholds thresholds, RollupCounters counters) {
        StreamsBuilder builder = new StreamsBuilder();
        // On disk, not in the heap: read whole only when a task starts, and a collector that takes over
        // its peer's tasks would otherwise hold a second copy of every link view (ADR 0143).
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(PlaneStage.STORE), Serdes.String(), new PlaneInputSerde()));
        KStream<String, RollupOutput> out = builder.stream(
                        rollups.planeInputs(),
                        Consumed.with(Serdes.String(), new PlaneInputSerde()).withName("plane-inputs"))
                .process(() -> new PlaneStage(thresholds, counters.timings), Named.as("per-plane"), PlaneStage.STORE);
        for (RollupOutput.Kind kind : RollupOutput.Kind.values()) {
            String topic = topicOf(rollups, kind);
            out.filter(
                            (key, value) -> value.kind() == kind,
                            Named.as("only-" + kind.name().toLowerCase()))
                    .mapValues(
                            value -> value.value() == null ? null : RollupJson.encode(value.value()),
                            Named.as("json-" + kind.name().toLowerCase()))
                    .to(
                            topic,
                            Produced.with(Serdes.String(), Serdes.ByteArray()).withName("to-" + topic));
        }
        return builder.build();
    }

    public static String topicOf(RollupLayout rollups, RollupOutput.Kind kind) {
        return switch (kind) {
            case PLANES -> rollups.planes();
            case LINKS -> rollups.links();
            case SUSPECTS -> rollups.suspects();
            case ALARMS -> rollups.alarms();
        };
    }
}
