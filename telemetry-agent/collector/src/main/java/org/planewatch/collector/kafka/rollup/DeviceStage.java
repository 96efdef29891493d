package org.planewatch.collector.kafka.rollup;

import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.rollup.DevicePartials;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.wire.GnmiRecords;

/**
 * The per-device stage: one task per partition of the updates topic (keyed by device, so a device's
 * notifications all reach the same task, in order) feeds them to {@link DevicePartials} and, once a
 * second of wall clock, forwards what changed keyed by plane. Its model lives in memory: see ADR 0100
 * for what a restart costs.
 */
final class DeviceStage implements Processor<String, byte[], String, PlaneInput> {
    private ProcessorContext<String, PlaneInput> context;
    private DevicePartials partials;
    private final RollupCounters counters;

    DeviceStage(RollupCounters counters) {
        this.counters = counters;
    }

    @Override
    public void init(ProcessorContext<String, PlaneInput> context) {
        this.context = context;
        this.partials = new DevicePartials(context.taskId().toString(), context::currentSystemTimeMs);
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
    }
}
