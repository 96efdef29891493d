package org.planewatch.console.telemetry;

/**
 * One endpoint exclusion decision as a recording keeps it (a row of its {@code exclusions} table):
 * the leaves of {@code mrc:/events/event[seq]/state} that had arrived, {@code null} for one that had
 * not. A replay loads the decisions the console had shown before an instant straight into the
 * store's exclusion log instead of as notifications (the paths of 160,000 leaves cost a seek more
 * than the decisions themselves).
 *
 * @param subscription the source's subscription the decision first came in (numbered from the start
 *     of the recording; an agent's ring numbers repeat only across subscriptions, after a
 *     restart); always 0 in recordings of format 2 and older, which did not tell them apart
 * @param arrivalMillis arrival of the notification that completed the decision
 */
public record RecordedDecision(
        String source,
        String target,
        int subscription,
        long seq,
        long arrivalMillis,
        Long timestampNs,
        Long qpn,
        Long ev,
        Long plane,
        String links,
        String fromState,
        String toState,
        String reason) {

    /** How many leaves the notifications that reported it carried. */
    public int leafCount() {
        int count = 0;
        for (Object leaf : new Object[] {timestampNs, qpn, ev, plane, links, fromState, toState, reason}) {
            if (leaf != null) {
                count++;
            }
        }
        return count;
    }
}
