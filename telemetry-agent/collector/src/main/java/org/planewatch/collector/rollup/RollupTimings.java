package org.planewatch.collector.rollup;

/**
 * How the rollups' stream thread spends its time on what makes a plane's rollup late: the per-device
 * tasks' hand-outs (a topology learning among them) and starts, and the by-plane tasks' ticks, which share the
 * thread (ADR 0100), and the gaps between one by-plane task's ticks, which are the age the console
 * sees. For /metrics and the pipeline benchmark.
 */
public final class RollupTimings {
    /** A per-device task handing out its changes (ADR 0122), learning the topology when that is due. */
    public final Durations handOuts = new Durations();
    /**
     * A per-device task starting: applying the remembered leaves of its partition's devices before it
     * reads a record or hands out (ADRs 0118, 0155). The tasks a collector takes up together start one
     * after the other on its stream thread, and none of them is heard from meanwhile.
     */
    public final Durations starts = new Durations();
    /** A by-plane task writing its rollups. */
    public final Durations planeTicks = new Durations();
    /** From one tick of a by-plane task to its next: a second when nothing holds the thread. */
    public final Durations planeTickGaps = new Durations();

    /** What was counted so far, read once. */
    public Seen seen() {
        return new Seen(handOuts.counts(), starts.counts(), planeTicks.counts(), planeTickGaps.counts());
    }

    /** {@link RollupTimings} as one scrape reads them. */
    public record Seen(
            Durations.Counts handOuts,
            Durations.Counts starts,
            Durations.Counts planeTicks,
            Durations.Counts planeTickGaps) {}
}
