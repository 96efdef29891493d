package org.planewatch.collector.metrics;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.planewatch.collector.rollup.Durations;
import org.planewatch.collector.rollup.RollupTimings;
import org.planewatch.fleet.AlarmRollup;
import org.planewatch.fleet.PlaneRollup;
import org.planewatch.fleet.SuspectRollup;

/**
 * The {@code /metrics} page (docs/prometheus/alerts.yml and docs/grafana use these names): per-plane
 * rollups, link and suspect alarms, and the collector's own health. A figure not known yet is left
 * out rather than written as 0.
 */
public final class MetricsPage {
    private MetricsPage() {}

    /** The collector's own figures: targets held, its queue, what it published and dropped. */
    private static void collectorHealth(PrometheusText out, MetricsInput in, String collector) {
        out.family("planewatch_collector_targets", "gauge", "Targets this collector holds (subscribes to) now.")
                .sample("planewatch_collector_targets", in.targetsHeld(), "collector", collector);
        out.family(
                        "planewatch_collector_queue_notifications",
                        "gauge",
                        "Notifications waiting between the gNMI subscriptions and Kafka.")
                .sample("planewatch_collector_queue_notifications", in.queueDepth(), "collector", collector);
        out.family(
                        "planewatch_collector_notifications_total",
                        "counter",
                        "Notifications published to the updates topic.")
                .sample("planewatch_collector_notifications_total", in.notifications(), "collector", collector);
        out.family("planewatch_collector_updates_total", "counter", "Updates (leaves) published to the updates topic.")
                .sample("planewatch_collector_updates_total", in.updates(), "collector", collector);
        out.family(
                        "planewatch_collector_dropped_notifications_total",
                        "counter",
                        "Notifications dropped: reason=\"kafka\" the cluster failed to store them (or refused"
                                + " them as the collector stopped), reason=\"queue\" the queue before Kafka"
                                + " had no room for them for 5 minutes.")
                .sample(
                        "planewatch_collector_dropped_notifications_total",
                        in.droppedByKafka(),
                        "collector",
                        collector,
                        "reason",
                        "kafka")
                .sample(
                        "planewatch_collector_dropped_notifications_total",
                        in.droppedByQueue(),
                        "collector",
                        collector,
                        "reason",
                        "queue");
        out.family(
                        "planewatch_collector_exclusion_decisions_published_total",
                        "counter",
                        "Exclusion decisions this collector published (each once per device, number and timestamp).")
                .sample(
                        "planewatch_collector_exclusion_decisions_published_total",
                        in.decisionsPublished(),
                        "collector",
                        collector);
    }

    public static String render(MetricsInput in) {
        PrometheusText out = new PrometheusText();
        String collector = in.collector();
        if (in.collects()) {
            collectorHealth(out, in, collector);
        }
        if (in.rollupsRunning() != null) {
            out.family("planewatch_rollups_running", "gauge", "1 while the rollups run in this collector.")
                    .sample("planewatch_rollups_running", in.rollupsRunning() ? 1 : 0, "collector", collector);
            out.family(
                            "planewatch_rollups_consumer_lag_records",
                            "gauge",
                            "Records the rollups in this collector have yet to read, the most of any partition.")
                    .sample("planewatch_rollups_consumer_lag_records", in.rollupLagRecords(), "collector", collector);
            rollupThread(out, in, collector);
        }
        planes(out, in);
        suspects(out, in.suspects());
        alarms(out, in.alarms());
        return out.toString();
    }

    /**
     * Where the rollups' stream thread spends the time that makes a plane's rollup late: the per-device
     * hand-outs and task starts and the by-plane ticks it runs one after another, and the gaps between a by-plane
     * task's ticks (a second when nothing holds the thread; the console calls a plane STALE past 3 s).
     */
    private static void rollupThread(PrometheusText out, MetricsInput in, String collector) {
        RollupTimings.Seen timings = in.rollupTimings();
        if (timings != null) {
            histogram(
                    out,
                    "planewatch_rollups_hand_out_seconds",
                    "A per-device task handing out its changes, a topology learning among them.",
                    timings.handOuts(),
                    collector);
            histogram(
                    out,
                    "planewatch_rollups_task_start_seconds",
                    "A per-device task starting: the remembered leaves of its devices applied, in slices, before it hands out.",
                    timings.starts(),
                    collector);
            out.family(
                            "planewatch_rollups_devices_to_replay",
                            "gauge",
                            "Devices whose remembered leaves the per-device tasks starting now have still to apply; their tasks are not heard from until done.")
                    .sample("planewatch_rollups_devices_to_replay", timings.devicesToReplay(), "collector", collector);
            histogram(
                    out,
                    "planewatch_rollups_plane_tick_seconds",
                    "A by-plane task writing its rollups.",
                    timings.planeTicks(),
                    collector);
            histogram(
                    out,
                    "planewatch_rollups_plane_tick_gap_seconds",
                    "From one tick of a by-plane task to its next (1 s when nothing holds the thread).",
                    timings.planeTickGaps(),
                    collector);
            out.family(
                            "planewatch_rollups_longest_seconds",
                            "gauge",
                            "The longest hand-out, task start, plane tick and gap between plane ticks since the collector started.")
                    .sample(
                            "planewatch_rollups_longest_seconds",
                            timings.handOuts().longestSeconds(),
                            "collector",
                            collector,
                            "of",
                            "hand_out")
                    .sample(
                            "planewatch_rollups_longest_seconds",
                            timings.starts().longestSeconds(),
                            "collector",
                            collector,
                            "of",
                            "task_start")
                    .sample(
                            "planewatch_rollups_longest_seconds",
                            timings.planeTicks().longestSeconds(),
                            "collector",
                            collector,
                            "of",
                            "plane_tick")
                    .sample(
                            "planewatch_rollups_longest_seconds",
                            timings.planeTickGaps().longestSeconds(),
                            "collector",
                            collector,
                            "of",
                            "plane_tick_gap");
        }
        if (!in.rollupThreadRatios().isEmpty()) {
            out.family(
                    "planewatch_rollups_thread_time_ratio",
                    "gauge",
                    "Share of a rollups stream thread's time by activity over Kafka Streams' last metrics window:"
                            + " application=\"devices\" the per-device stage's, \"planes\" the by-plane stage's.");
            in.rollupThreadRatios()
                    .forEach((application, ratios) -> ratios.forEach((activity, ratio) -> out.sample(
                            "planewatch_rollups_thread_time_ratio",
                            ratio,
                            "collector",
                            collector,
                            "application",
                            application,
                            "activity",
                            activity)));
        }
    }

    private static void histogram(
            PrometheusText out, String name, String help, Durations.Counts counts, String collector) {
        out.family(name, "histogram", help);
        long[] cumulative = counts.cumulative();
        for (int i = 0; i < Durations.BOUNDS_SECONDS.length; i++) {
            out.sample(
                    name + "_bucket",
                    cumulative[i],
                    "collector",
                    collector,
                    "le",
                    PrometheusText.bound(Durations.BOUNDS_SECONDS[i]));
        }
        out.sample(name + "_bucket", counts.count(), "collector", collector, "le", "+Inf");
        out.sample(name + "_sum", counts.sumSeconds(), "collector", collector);
        out.sample(name + "_count", counts.count(), "collector", collector);
    }

    private static void planes(PrometheusText out, MetricsInput in) {
        List<PlaneRollup> planes = in.planes().stream()
                .sorted(Comparator.comparingInt(PlaneRollup::plane))
                .toList();
        gauge(
                out,
                planes,
                "planewatch_plane_path_health",
                "Share of the plane's EVs in service (GOOD), 0..1.",
                PlaneRollup::pathHealth);
        gauge(out, planes, "planewatch_plane_evs_out_of_service", "EVs of the plane out of service.", p ->
                (double) p.evsOutOfService());
        gauge(
                out,
                planes,
                "planewatch_plane_goodput_bits_per_second",
                "Bits per second the plane delivers to hosts.",
                PlaneRollup::goodputBps);
        out.family(
                "planewatch_plane_trim_rate",
                "gauge",
                "Packets trimmed per second in the plane: where=\"last_hop\" at T0 ports towards hosts,"
                        + " where=\"fabric\" everywhere else.");
        for (PlaneRollup p : planes) {
            if (p.lastHopTrimRate() != null) {
                out.sample("planewatch_plane_trim_rate", p.lastHopTrimRate(), "plane", plane(p), "where", "last_hop");
            }
            if (p.fabricTrimRate() != null) {
                out.sample("planewatch_plane_trim_rate", p.fabricTrimRate(), "plane", plane(p), "where", "fabric");
            }
        }
        gauge(out, planes, "planewatch_plane_links_down", "Links of the plane with either end not UP.", p ->
                (double) p.linksDown());
        gauge(out, planes, "planewatch_plane_links", "Links of the plane seen.", p -> (double) p.linksTotal());
        gauge(
                out,
                planes,
                "planewatch_plane_core_utilization_max",
                "Busiest T0-T1 link of the plane that is up, 0..1.",
                PlaneRollup::coreUtilizationMax);
        gauge(out, planes, "planewatch_plane_suspects", "Suspects the localization ranks in the plane.", p ->
                (double) p.suspects());
        out.family(
                "planewatch_plane_devices_unheard",
                "gauge",
                "Devices of the plane whose rollup task has not been heard from for 30 s or more (its collector"
                        + " gone, its task not moved yet): their figures are as last heard.");
        for (PlaneRollup p : planes) {
            out.sample(
                    "planewatch_plane_devices_unheard", (double) p.hostsUnheard(), "plane", plane(p), "kind", "host");
            out.sample(
                    "planewatch_plane_devices_unheard",
                    (double) p.switchesUnheard(),
                    "plane",
                    plane(p),
                    "kind",
                    "switch");
        }
        gauge(
                out,
                planes,
                "planewatch_plane_rollup_age_seconds",
                "Seconds since the plane's rollup was written (it is written every second).",
                p -> Math.max(0, in.nowMillis() - p.atMillis()) / 1000.0);
    }

    private static void gauge(
            PrometheusText out,
            List<PlaneRollup> planes,
            String name,
            String help,
            Function<PlaneRollup, Double> value) {
        out.family(name, "gauge", help);
        for (PlaneRollup p : planes) {
            Double v = value.apply(p);
            if (v != null) {
                out.sample(name, v, "plane", plane(p));
            }
        }
    }

    private static String plane(PlaneRollup p) {
        return Integer.toString(p.plane());
    }

    private static void suspects(PrometheusText out, List<SuspectRollup> suspects) {
        out.family(
                "planewatch_suspect_score",
                "gauge",
                "Evidence against a suspected link or switch beyond its peers' (ADR 0095); present while ranked.");
        suspects.stream()
                .sorted(Comparator.comparingInt(SuspectRollup::plane).thenComparingInt(SuspectRollup::rank))
                .forEach(s -> out.sample(
                        "planewatch_suspect_score",
                        s.score(),
                        "plane",
                        Integer.toString(s.plane()),
                        "kind",
                        s.kind(),
                        "name",
                        s.name(),
                        "rank",
                        Integer.toString(s.rank())));
    }

    private static void alarms(PrometheusText out, List<AlarmRollup> alarms) {
        List<AlarmRollup> sorted =
                alarms.stream().sorted(Comparator.comparing(AlarmRollup::key)).toList();
        out.family("planewatch_link_down", "gauge", "1 for each link down (either end not UP).");
        for (AlarmRollup a : sorted) {
            if (a.kind().equals("LINK_DOWN")) {
                out.sample("planewatch_link_down", 1, "plane", Integer.toString(a.plane()), "link", a.subject());
            }
        }
        out.family(
                "planewatch_alarm_active",
                "gauge",
                "1 for each active alarm of the rollups: plane health, trim rate, links down, a link down, a suspect.");
        for (AlarmRollup a : sorted) {
            out.sample(
                    "planewatch_alarm_active",
                    1,
                    "kind",
                    a.kind(),
                    "plane",
                    Integer.toString(a.plane()),
                    "subject",
                    a.subject(),
                    "severity",
                    a.severity(),
                    "message",
                    a.message());
        }
    }
}
