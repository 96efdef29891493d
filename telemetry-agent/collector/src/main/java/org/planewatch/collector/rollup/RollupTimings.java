package org.planewatch.collector.rollup;

import java.util.concurrent.atomic.LongAdder;

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
     * hands out (ADRs 0118, 0155), the work's own cost added up over the slices it is done in (ADR
     * 0156). The task is not heard from until it is done; its peers on the thread are, between slices.
     */
    public final Durations starts = new Durations();
    /**
     * The devices whose remembered leaves the per-device tasks starting now have still to apply: a
     * restarted collector's rollups count its tasks' devices as heard again once this is back to zero
     * and their first hand-outs are forwarded (ADR 0156).
     */
    public final LongAdder devicesToReplay = new LongAdder();

    /** A by-plane task writing its rollups. */
    public final Durations planeTicks = new Durations();
    /** From one tick of a by-plane task to its next: a second when nothing holds the thread. */
    public final Durations planeTickGaps = new Durations();

    /** What was counted so far, read once. */
    public Seen seen() {
        return new Seen(
                handOuts.counts(), starts.counts(), devicesToReplay.sum(), planeTicks.counts(), planeTickGaps.counts());
    }

    /** {@link RollupTimings} as one scrape reads them. */
    public record Seen(
            Durations.Counts handOuts,
            Durations.Counts starts,
            long devicesToReplay,
            Durations.Counts planeTicks,
            Durations.Counts planeTickGaps) {}
}
