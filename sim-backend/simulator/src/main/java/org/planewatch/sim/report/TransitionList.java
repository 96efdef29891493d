package org.planewatch.sim.report;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.planewatch.sim.fabric.NodeNames;
import org.planewatch.sim.transport.ExclusionEvent;

/**
 * A report's EV transitions as a read-only view of the summary's (immutable) exclusion events, each
 * turned into its report form when read: the summary keeps up to a million transitions, and a
 * report written from a view holds no second million records.
 */
final class TransitionList extends AbstractList<RunReport.EvTransition> implements RandomAccess {

    private final List<ExclusionEvent> events;
    private final NodeNames names;

    /**
     * @param events immutable, as {@code RunSummary.evTransitions()} is
     * @param names the hosts' names
     */
    TransitionList(List<ExclusionEvent> events, NodeNames names) {
        this.events = events;
        this.names = names;
    }

    @Override
    public RunReport.EvTransition get(int index) {
        ExclusionEvent event = events.get(index);
        return new RunReport.EvTransition(
                event.atNs(),
                names.name(event.host()),
                event.qp(),
                event.ev(),
                event.plane(),
                event.links(),
                event.from().name(),
                event.to().name(),
                event.reason().label());
    }

    @Override
    public int size() {
        return events.size();
    }
}
