package org.planewatch.collector.kafka.rollup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
import org.planewatch.collector.rollup.RollupTimings;
import org.planewatch.collector.wire.GnmiRecords;
import org.planewatch.console.state.AlarmThresholds;

/**
 * The by-plane stage: the partial sums and link views of every per-device task, and the exclusion
 * decisions, keyed by plane, into a {@link PlaneBook}; once a second of wall clock, its rollups go
 * out. The partial sums and link views are kept in a changelogged store too (one entry per plane and
 * task, per link and task: bounded by the fabric), so a task that moves or restarts starts from them,
 * and so are the views gone until a tick has written their links' change.
 */
final class PlaneStage implements Processor<String, PlaneInput, String, RollupOutput> {
    static final String STORE = "rollup-partials";
    /** The store's key prefix of a view gone whose change is not written yet. */
    private static final String GONE = "gone|";

    private final AlarmThresholds thresholds;
    private ProcessorContext<String, RollupOutput> context;
    private KeyValueStore<String, PlaneInput> store;
    private PlaneBook book;
    /**
     * The views gone since the last tick, kept in the store until a tick has written what they change:
     * a task that stops before it (a collector closing, a rebalance) leaves its next instance no view
     * of a link whose last one went, and so nothing that says the link's rollup must go.
     */
    private final List<String> unwritten = new ArrayList<>();

    private final RollupTimings timings;
    /** When this task ticked last (wall clock); none yet. */
    private long lastTickMillis = Long.MIN_VALUE;

    PlaneStage(AlarmThresholds thresholds, RollupTimings timings) {
        this.thresholds = thresholds;
        this.timings = timings;
    }

    @Override
    public void init(ProcessorContext<String, RollupOutput> context) {
        this.context = context;
        this.store = context.getStateStore(STORE);
        this.book = new PlaneBook(thresholds, context::currentSystemTimeMs);
        List<PlaneInput> views = new ArrayList<>();
        List<String> earlier = new ArrayList<>();
        try (KeyValueIterator<String, PlaneInput> kept = store.all()) {
            while (kept.hasNext()) {
                KeyValue<String, PlaneInput> entry = kept.next();
                if (entry.value == null) {
                    earlier.add(entry.key); // an earlier collector's record (PlaneInputSerde)
                } else if (entry.key.startsWith(GONE)) {
                    book.take(entry.value);
                    unwritten.add(entry.key);
                } else {
                    views.add(entry.value);
                }
            }
        }
        earlier.forEach(store::delete);
        // After the views gone: a view kept beside a gone one of the same link and task came after it.
        views.forEach(book::take);
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
        List<String> viewsEnded = book.take(input, record.timestamp());
        if (input.plane() != null) {
            store.put("plane|" + input.plane().plane() + "|" + input.plane().task(), input);
            return;
        }
        String task;
        if (input.link() != null) {
            store.put("link|" + input.link().link() + "|" + input.link().task(), input);
            task = input.link().task();
        } else {
            task = input.linkGone().task();
        }
        int plane = input.planeNumber();
        for (String link : viewsEnded) {
            store.delete("link|" + link + "|" + task);
            String gone = GONE + link + "|" + task;
            store.put(gone, PlaneInput.gone(task, link, plane));
            unwritten.add(gone);
        }
    }

    private void emit(long now) {
        long started = System.nanoTime();
        if (lastTickMillis != Long.MIN_VALUE) {
            timings.planeTickGaps.record((now - lastTickMillis) * 1_000_000L);
        }
        lastTickMillis = now;
        for (RollupOutput output : book.tick()) {
            context.forward(new Record<>(output.key(), output, now));
        }
        unwritten.forEach(store::delete);
        unwritten.clear();
        timings.planeTicks.record(System.nanoTime() - started);
    }
}
