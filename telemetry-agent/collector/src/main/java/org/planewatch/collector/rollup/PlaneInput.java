package org.planewatch.collector.rollup;

/**
 * One record of the by-plane stage's input (the rollups' repartition topic, keyed by plane): exactly
 * one field is set.
 *
 * @param plane a task's partial sums of the plane
 * @param link a task's view of one of the plane's links
 * @param linkGone a link the task no longer sees (its devices went)
 * @param decision an exclusion decision through the plane
 */
public record PlaneInput(PlanePartial plane, LinkPartial link, LinkGone linkGone, Decision decision)
        implements PerDeviceOutput {

    /** A link a task stopped reporting. */
    public record LinkGone(String task, String link, int plane) {}

    /**
     * An exclusion decision as the exclusions topic holds it.
     *
     * @param source the target it came through (the record's {@code planewatch-source} header)
     * @param notification the record's value: a gNMI SubscribeResponse with the decision's leaves
     */
    public record Decision(String source, byte[] notification) {}

    public PlaneInput {
        int set = (plane != null ? 1 : 0)
                + (link != null ? 1 : 0)
                + (linkGone != null ? 1 : 0)
                + (decision != null ? 1 : 0);
        if (set != 1) {
            throw new IllegalArgumentException(
                    "a rollup input holds exactly one of plane, link, linkGone, decision;" + " this one holds " + set);
        }
    }

    public static PlaneInput of(PlanePartial plane) {
        return new PlaneInput(plane, null, null, null);
    }

    public static PlaneInput of(LinkPartial link) {
        return new PlaneInput(null, link, null, null);
    }

    public static PlaneInput gone(String task, String link, int plane) {
        return new PlaneInput(null, null, new LinkGone(task, link, plane), null);
    }

    /** The plane of a partial sum or link: the by-plane stage's key (a decision's is in its leaves). */
    public int planeNumber() {
        if (plane != null) {
            return plane.plane();
        }
        if (link != null) {
            return link.plane();
        }
        if (linkGone != null) {
            return linkGone.plane();
        }
        throw new IllegalStateException("a decision's plane is in its leaves");
    }

    public static PlaneInput of(Decision decision) {
        return new PlaneInput(null, null, null, decision);
    }
}
