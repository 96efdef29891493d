package org.planewatch.console.telemetry;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Decoded runs of events waiting in recorded order, handed out by arrival time without building
 * the events ({@link EventColumns}). Owned by one thread: a replay cursor, or the replay thread's
 * share of what is read ahead.
 */
public final class EventQueue {
    private final ArrayDeque<EventColumns> runs = new ArrayDeque<>();

    public void add(EventColumns run) {
        if (!run.isEmpty()) {
            runs.add(run);
        }
    }

    public boolean isEmpty() {
        return runs.isEmpty();
    }

    /** Arrival time of the first waiting event; the queue must not be empty. */
    public long nextArrivalMillis() {
        return runs.getFirst().arrivalMillis(0);
    }

    /**
     * Takes the waiting events that arrived by {@code untilMillis}, up to the first that arrived
     * later (events stay in recorded order even where arrival times step back).
     */
    public List<EventColumns> takeArrivedBy(long untilMillis) {
        List<EventColumns> taken = new ArrayList<>();
        while (!runs.isEmpty()) {
            EventColumns first = runs.getFirst();
            int arrived = first.arrivedBy(untilMillis);
            if (arrived == first.size()) {
                taken.add(runs.removeFirst());
                continue;
            }
            if (arrived > 0) {
                taken.add(first.slice(0, arrived));
                runs.removeFirst();
                runs.addFirst(first.slice(arrived, first.size()));
            }
            break;
        }
        return taken;
    }

    public void clear() {
        runs.clear();
    }
}
