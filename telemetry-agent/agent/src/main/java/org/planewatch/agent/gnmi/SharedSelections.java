package org.planewatch.agent.gnmi;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@link RequestSelection} for every open stream with the same subscriptions, whatever its
 * target: a collector subscribing each device on its own sends the same SubscriptionList 137,216
 * times, and a selection per stream kept a copy of what its subscriptions select of its device's
 * leaf layout in every one of them (ADR 0103). A selection holds at most one layout per target,
 * so sharing it costs no more than one stream of every device; it is dropped with its last stream.
 * The streams also keep its {@link RequestSelection#specs() subscriptions} instead of their own
 * parsed copy (ADR 0109).
 */
final class SharedSelections {

    private final Map<List<SubscriptionSpec.Key>, Shared> byKey = new HashMap<>();

    private static final class Shared {
        final RequestSelection selection;
        int users;

        Shared(RequestSelection selection) {
            this.selection = selection;
        }
    }

    /** The selection of {@code specs}, shared with the open streams of the same subscriptions; give it back with {@link #release}. */
    synchronized RequestSelection acquire(List<SubscriptionSpec> specs) {
        Shared shared = byKey.computeIfAbsent(key(specs), k -> new Shared(new RequestSelection(specs)));
        shared.users++;
        return shared.selection;
    }

    synchronized void release(List<SubscriptionSpec> specs) {
        List<SubscriptionSpec.Key> key = key(specs);
        Shared shared = byKey.get(key);
        if (shared != null && --shared.users == 0) {
            byKey.remove(key);
        }
    }

    /** Distinct selections held (for tests). */
    synchronized int size() {
        return byKey.size();
    }

    private static List<SubscriptionSpec.Key> key(List<SubscriptionSpec> specs) {
        return specs.stream().map(SubscriptionSpec::key).toList();
    }
}
