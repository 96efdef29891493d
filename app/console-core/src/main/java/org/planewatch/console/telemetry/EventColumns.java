package org.planewatch.console.telemetry;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.RandomAccess;
import org.planewatch.telemetry.path.TelemetryPath;

/**
 * A run of events as columns: what a replay decodes from one recorded batch and holds until its
 * clock reaches them. The notifications' updates and deletes share one set of arrays and each event
 * is a few numbers in arrays; {@link #get} builds the {@link IngestEvent} when the replay thread
 * applies it. An object per notification built while decoding ahead (with its columns and arrays)
 * was most of what a young collection copied during a replay at 100x, and the length of its pause
 * (ADR 0078). Immutable; a {@link #slice} shares the arrays.
 */
public final class EventColumns extends AbstractList<IngestEvent> implements RandomAccess {
    private static final EventColumns EMPTY = new Builder().build();

    /** Per event: the event itself when it is not a notification (connection phases, syncs: rare), else null. */
    private final IngestEvent[] prebuilt;

    private final String[] sources;
    private final String[] targets;
    private final long[] timestamps;
    private final long[] arrivals;
    /** Per event the end of its updates (its start is the previous event's end), and alike for deletes. */
    private final int[] updateEnds;

    private final int[] deleteEnds;
    private final UpdateColumns updates;
    private final PathColumns deletes;
    private final int from;
    private final int size;

    private EventColumns(EventColumns all, int from, int size) {
        this(
                all.prebuilt,
                all.sources,
                all.targets,
                all.timestamps,
                all.arrivals,
                all.updateEnds,
                all.deleteEnds,
                all.updates,
                all.deletes,
                from,
                size);
    }

    private EventColumns(
            IngestEvent[] prebuilt,
            String[] sources,
            String[] targets,
            long[] timestamps,
            long[] arrivals,
            int[] updateEnds,
            int[] deleteEnds,
            UpdateColumns updates,
            PathColumns deletes,
            int from,
            int size) {
        this.prebuilt = prebuilt;
        this.sources = sources;
        this.targets = targets;
        this.timestamps = timestamps;
        this.arrivals = arrivals;
        this.updateEnds = updateEnds;
        this.deleteEnds = deleteEnds;
        this.updates = updates;
        this.deletes = deletes;
        this.from = from;
        this.size = size;
    }

    public static EventColumns empty() {
        return EMPTY;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public IngestEvent get(int index) {
        int at = from + Objects.checkIndex(index, size);
        if (prebuilt[at] != null) {
            return prebuilt[at];
        }
        int updateStart = at == 0 ? 0 : updateEnds[at - 1];
        int deleteStart = at == 0 ? 0 : deleteEnds[at - 1];
        List<TelemetryPath> deleted =
                deleteStart == deleteEnds[at] ? List.of() : deletes.slice(deleteStart, deleteEnds[at]);
        return new IngestEvent.Notification(
                sources[at],
                targets[at],
                timestamps[at],
                updates.slice(updateStart, updateEnds[at]),
                deleted,
                arrivals[at]);
    }

    /** The arrival time of event {@code index}, without building it. */
    public long arrivalMillis(int index) {
        return arrivals[from + Objects.checkIndex(index, size)];
    }

    /** How many events from the first have arrived by {@code untilMillis}: up to the first that arrived later. */
    public int arrivedBy(long untilMillis) {
        int count = 0;
        while (count < size && arrivals[from + count] <= untilMillis) {
            count++;
        }
        return count;
    }

    /** Events {@code fromIndex} (inclusive) to {@code toIndex} (exclusive), sharing the arrays. */
    public EventColumns slice(int fromIndex, int toIndex) {
        Objects.checkFromToIndex(fromIndex, toIndex, size);
        return new EventColumns(this, from + fromIndex, toIndex - fromIndex);
    }

    /** The events of several runs, in order, as one list (the runs themselves when there is one). */
    public static List<IngestEvent> concat(List<EventColumns> runs) {
        return switch (runs.size()) {
            case 0 -> List.of();
            case 1 -> runs.getFirst();
            default -> new Runs(runs);
        };
    }

    /** Several runs read as one list; builds each event on {@link #get}, like the runs do. */
    private static final class Runs extends AbstractList<IngestEvent> implements RandomAccess {
        private final EventColumns[] runs;
        /** Per run the index after its last event. */
        private final int[] ends;

        Runs(List<EventColumns> runs) {
            this.runs = runs.toArray(new EventColumns[0]);
            this.ends = new int[this.runs.length];
            int end = 0;
            for (int i = 0; i < this.runs.length; i++) {
                end += this.runs[i].size();
                ends[i] = end;
            }
        }

        @Override
        public int size() {
            return ends[ends.length - 1];
        }

        @Override
        public IngestEvent get(int index) {
            Objects.checkIndex(index, size());
            // The first run that ends after the index: with empty runs several ends are equal, hence not a plain
            // search.
            int low = 0;
            int high = ends.length - 1;
            while (low < high) {
                int middle = (low + high) >>> 1;
                if (ends[middle] > index) {
                    high = middle;
                } else {
                    low = middle + 1;
                }
            }
            return runs[low].get(index - (low == 0 ? 0 : ends[low - 1]));
        }

        /** Run by run, without a search per event: how the state owner reads a step's events. */
        @Override
        public Iterator<IngestEvent> iterator() {
            return new Iterator<>() {
                private int run;
                private int index;

                @Override
                public boolean hasNext() {
                    while (run < runs.length && index == runs[run].size()) {
                        run++;
                        index = 0;
                    }
                    return run < runs.length;
                }

                @Override
                public IngestEvent next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    return runs[run].get(index++);
                }
            };
        }
    }

    /**
     * Collects events in order: a notification's updates and deletes go to {@link #updates} and
     * {@link #deletes}, then {@link #endNotification} makes them one; other events are {@link #add}ed
     * whole. One {@link #build} per builder.
     */
    public static final class Builder {
        private final UpdateColumns.Builder updates;
        private final PathColumns.Builder deletes;
        private IngestEvent[] prebuilt;
        private String[] sources;
        private String[] targets;
        private long[] timestamps;
        private long[] arrivals;
        private int[] updateEnds;
        private int[] deleteEnds;
        private int size;

        public Builder() {
            this(64, 256, 16);
        }

        /**
         * Sized for about {@code events} events with {@code updates} updates and {@code deletes} deletes
         * in all (a decoder gives the sizes of its previous batch): growing from small copied every
         * column several times per batch (ADR 0079).
         */
        public Builder(int events, int updates, int deletes) {
            this.updates = new UpdateColumns.Builder(Math.max(16, updates));
            this.deletes = new PathColumns.Builder(Math.max(16, deletes));
            int capacity = Math.max(16, events);
            prebuilt = new IngestEvent[capacity];
            sources = new String[capacity];
            targets = new String[capacity];
            timestamps = new long[capacity];
            arrivals = new long[capacity];
            updateEnds = new int[capacity];
            deleteEnds = new int[capacity];
        }

        /** Where the current notification's updates go. */
        public UpdateColumns.Builder updates() {
            return updates;
        }

        /** Where the current notification's deletes go. */
        public PathColumns.Builder deletes() {
            return deletes;
        }

        /** Ends a notification: the updates and deletes added since the previous event are its own. */
        public Builder endNotification(String source, String target, long timestampNs, long arrivalMillis) {
            int at = next();
            sources[at] = Objects.requireNonNull(source, "source");
            targets[at] = Objects.requireNonNull(target, "target");
            timestamps[at] = timestampNs;
            arrivals[at] = arrivalMillis;
            return this;
        }

        /** An event kept as it is (any kind; a notification given whole keeps its own lists). */
        public Builder add(IngestEvent event) {
            if (updates.size() != endOfPrevious(updateEnds) || deletes.size() != endOfPrevious(deleteEnds)) {
                throw new IllegalStateException("updates or deletes added without ending their notification");
            }
            int at = next();
            prebuilt[at] = event;
            arrivals[at] = event.arrivalMillis();
            return this;
        }

        public int size() {
            return size;
        }

        public EventColumns build() {
            if (updates.size() != endOfPrevious(updateEnds) || deletes.size() != endOfPrevious(deleteEnds)) {
                throw new IllegalStateException("updates or deletes added without ending their notification");
            }
            // The columns as they are, room to spare included (ADR 0079).
            return new EventColumns(
                    prebuilt,
                    sources,
                    targets,
                    timestamps,
                    arrivals,
                    updateEnds,
                    deleteEnds,
                    updates.build(),
                    deletes.build(),
                    0,
                    size);
        }

        private int endOfPrevious(int[] ends) {
            return size == 0 ? 0 : ends[size - 1];
        }

        private int next() {
            if (size == arrivals.length) {
                int length = size * 2;
                prebuilt = Arrays.copyOf(prebuilt, length);
                sources = Arrays.copyOf(sources, length);
                targets = Arrays.copyOf(targets, length);
                timestamps = Arrays.copyOf(timestamps, length);
                arrivals = Arrays.copyOf(arrivals, length);
                updateEnds = Arrays.copyOf(updateEnds, length);
                deleteEnds = Arrays.copyOf(deleteEnds, length);
            }
            updateEnds[size] = updates.size();
            deleteEnds[size] = deletes.size();
            return size++;
        }
    }
}
