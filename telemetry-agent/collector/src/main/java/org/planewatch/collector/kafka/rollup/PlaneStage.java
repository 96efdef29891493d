package org.planewatch.collector.kafka.rollup;

import java.time.Duration;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.planewatch.collector.rollup.PlaneBook;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.rollup.RollupOutput;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.state.AlarmThresholds;

/**
 * The by-plane stage: the partial sums and link views of every per-device task, and the exclusion
 * decisions, keyed by plane, into a {@link PlaneBook}; once a second of wall clock, its rollups go
 * out. The partial sums and link views are kept in a changelogged store too (one entry per plane and
 * task, per link and task: bounded by the fabric), so a task that moves or restarts starts from them.
 */
final class PlaneStage implements Processor<String, PlaneInput, String, RollupOutput> {
    static final String STORE = "rollup-partials";

    private final AlarmThresholds thresholds;
    private ProcessorContext<String, RollupOutput> context;
    private KeyValueStore<String, PlaneInput> store;
    private PlaneBook book;

    PlaneStage(AlarmThresholds thresholds) {
        this.thresholds = thresholds;
    }

    @Override
    public void init(ProcessorContext<String, RollupOutput> context) {
        this.context = context;
        this.store = context.getStateStore(STORE);
        this.book = new PlaneBook(thresholds, context::currentSystemTimeMs);
        try (KeyValueIterator<String, PlaneInput> kept = store.all()) {
            while (kept.hasNext()) {
                KeyValue<String, PlaneInput> entry = kept.next();
                book.take(entry.value);
            }
        }
        context.schedule(Duration.ofSeconds(1), PunctuationType.WALL_CLOCK_TIME, this::emit);
    }

    @Override
    public void process(Record<String, PlaneInput> record) {
        PlaneInput input = record.value();
        if (input == null) {
            return;
        }
        if (input.decision() != null) {
            book.decide(
                    Integer.parseInt(record.key()),
                    GnmiRecords.decode(
                            input.decision().notification(), input.decision().source(), context.currentSystemTimeMs()));
            return;
        }
        book.take(input);
        if (input.plane() != null) {
            store.put("plane|" + input.plane().plane() + "|" + input.plane().task(), input);
        } else if (input.link() != null) {
            store.put("link|" + input.link().link() + "|" + input.link().task(), input);
        } else {
            store.delete(
                    "link|" + input.linkGone().link() + "|" + input.linkGone().task());
        }
    }

    private void emit(long now) {
        for (RollupOutput output : book.tick()) {
            context.forward(new Record<>(output.key(), output, now));
        }
    }
}
