package org.planewatch.collector.kafka.rollup;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.planewatch.collector.kafka.Headers;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.value.TelemetryValue;

/** Re-keys each exclusion decision by the plane its {@code plane} leaf names, for the by-plane stage. */
final class DecisionsByPlane implements Processor<String, byte[], String, PlaneInput> {
    private ProcessorContext<String, PlaneInput> context;
    private final RollupCounters counters;

    DecisionsByPlane(RollupCounters counters) {
        this.counters = counters;
    }

    @Override
    public void init(ProcessorContext<String, PlaneInput> context) {
        this.context = context;
    }

    @Override
    public void process(Record<String, byte[]> record) {
        if (record.value() == null) {
            return;
        }
        String source = Headers.text(record.headers(), Headers.SOURCE, record.key());
        Long plane = null;
        try {
            IngestEvent.Notification decision = GnmiRecords.decode(record.value(), source, 0);
            for (TelemetryUpdate update : decision.updates()) {
                if (ExclusionEventRing.PLANE.equals(update.path().last().name())
                        && update.value() instanceof TelemetryValue.Uint u) {
                    plane = u.value();
                } else if (ExclusionEventRing.PLANE.equals(update.path().last().name())
                        && update.value() instanceof TelemetryValue.Int i) {
                    plane = i.value();
                }
            }
        } catch (IllegalArgumentException e) {
            plane = null;
        }
        if (plane == null) {
            counters.malformed.increment();
            return;
        }
        counters.decisions.increment();
        context.forward(record.withKey(Long.toString(plane))
                .withValue(PlaneInput.of(new PlaneInput.Decision(source, record.value()))));
    }
}
