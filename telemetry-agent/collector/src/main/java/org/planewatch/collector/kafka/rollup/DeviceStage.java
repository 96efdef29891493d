package org.planewatch.collector.kafka.rollup;

import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.rollup.DevicePartials;
import org.planewatch.collector.rollup.FleetRole;
import org.planewatch.collector.rollup.PerDeviceOutput;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.wire.GnmiRecords;

/**
 * The per-device stage: one task per partition of the updates topic (keyed by device, so a device's
 * notifications all reach the same task, in order) feeds them to {@link DevicePartials} and, once a
 * second of wall clock, forwards what changed keyed by plane, and the roles its devices taught it
 * keyed by device (for the roles topic, which every task reads back whole: ADR 0116). Its model lives in memory: see ADR 0100
 * for what a restart costs.
 */
final class DeviceStage implements Processor<String, byte[], String, PerDeviceOutput> {
    private ProcessorContext<String, PerDeviceOutput> context;
    private DevicePartials partials;
    private final RollupCounters counters;
    private final FleetRolesStore roles;

    DeviceStage(RollupCounters counters, FleetRolesStore roles) {
        this.counters = counters;
        this.roles = roles;
    }

    @Override
    public void init(ProcessorContext<String, PerDeviceOutput> context) {
        this.context = context;
        ReadOnlyKeyValueStore<String, String> fleet = context.getStateStore(FleetRolesStore.STORE);
        this.partials =
                new DevicePartials(context.taskId().toString(), context::currentSystemTimeMs, roles.reader(fleet));
        context.schedule(Duration.ofSeconds(1), PunctuationType.WALL_CLOCK_TIME, this::emit);
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.value() == null) {
            return;
        }
        String source = Headers.text(record.headers(), Headers.SOURCE, record.key());
        try {
            partials.apply(GnmiRecords.decode(record.value(), source, context.currentSystemTimeMs()));
            counters.notifications.increment();
        } catch (IllegalArgumentException e) {
            counters.malformed.increment(); // not ours to stop on: counted, and /metrics shows it
        }
    }

    private void emit(long now) {
        for (PlaneInput change : partials.changes()) {
            context.forward(new Record<>(Integer.toString(change.planeNumber()), change, now));
        }
        for (FleetRole role : partials.roles()) {
            context.forward(new Record<>(role.device(), role, now));
        }
    }
}
