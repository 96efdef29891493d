package org.planewatch.collector.metrics;

import java.util.List;
import java.util.Map;
import org.planewatch.collector.rollup.RollupTimings;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.SuspectRollup;

/** A /metrics input with a sample of every family. */
final class MetricsPageInputs {
    private MetricsPageInputs() {}

    static MetricsInput everyFamily() {
        return with(
                List.of(new PlaneRollup(0, 9_000, 4, 4, 0.875, 7, 1, 1.5e9, 10.0, 300.0, 1, 8, 0.4, 0.5, 1, 0, 0)),
                List.of(new AlarmRollup(
                        "link-down/p0-t0-0~p0-t1-0",
                        "LINK_DOWN",
                        "p0-t0-0~p0-t1-0",
                        0,
                        "MAJOR",
                        "Plane 0: link p0-t0-0~p0-t1-0 is down",
                        9_000)));
    }

    /** Collector col-a's health (16 targets, lag 7) with these planes and alarms, and one suspect. */
    static MetricsInput with(List<PlaneRollup> planes, List<AlarmRollup> alarms) {
        return new MetricsInput(
                "col-a",
                10_000,
                true,
                16,
                3,
                1_000,
                12_000,
                2,
                1,
                5,
                true,
                7.0,
                timings(),
                Map.of("devices", Map.of("process", 0.55, "punctuate", 0.3), "planes", Map.of("punctuate", 0.05)),
                planes,
                List.of(new SuspectRollup("p0-t0-0~p0-t1-0", "link", 0, 1, 12.5, 4, 8, 0, 1L, "plane 0: ...", 9_000)),
                alarms);
    }

    /** Hand-outs of 0.05 s and 2.5 s, a task start of 12 s, 4,200 devices still to replay, plane ticks 1 s apart but for one gap of 4 s. */
    static RollupTimings.Seen timings() {
        RollupTimings timings = new RollupTimings();
        timings.handOuts.record(50_000_000L);
        timings.handOuts.record(2_500_000_000L);
        timings.starts.record(12_000_000_000L);
        timings.devicesToReplay.add(4_200);
        timings.planeTicks.record(20_000_000L);
        for (int i = 0; i < 9; i++) {
            timings.planeTickGaps.record(1_000_000_000L);
        }
        timings.planeTickGaps.record(4_000_000_000L);
        return timings.seen();
    }
}
