package org.planewatch.collector.node;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.planewatch.collector.config.CollectorSettings;
import org.planewatch.collector.config.RollupLayout;
import org.planewatch.collector.kafka.Topics;
import org.planewatch.collector.kafka.rollup.RollupView;
import org.planewatch.collector.kafka.rollup.Rollups;
import org.planewatch.collector.metrics.MetricsInput;
import org.planewatch.collector.metrics.MetricsServer;
import org.planewatch.collector.publish.PublishCounters;

/**
 * A collector with what may run beside it in the same process: the rollups (ADR 0100) and the
 * Prometheus {@code /metrics} page, which shows the fleet's rollups as read from their topics; or a
 * node of a rollup tier of its own, which subscribes to no target (ADR 0141).
 */
public final class CollectorNode implements AutoCloseable {
    /**
     * @param collects subscribe to a share of the targets (a collector); false for a node of the rollup
     *     tier alone, which then runs the rollups
     * @param rollups run the rollups' Kafka Streams application in this process
     * @param metricsPort serve /metrics on this port (0: any free port), or null for no /metrics
     * @param metricsAddress the address /metrics listens on
     * @param stateDir where the rollups keep their stores between runs (ADR 0153), or null for a
     *     temporary directory removed when they stop
     */
    public record Options(
            boolean collects,
            boolean rollups,
            Integer metricsPort,
            String metricsAddress,
            java.nio.file.Path stateDir) {
        public Options {
            if (metricsPort != null && (metricsPort < 0 || metricsPort > 65_535)) {
                throw new IllegalArgumentException("--metrics-port must be 0..65535, got " + metricsPort);
            }
            if (!collects && !rollups) {
                throw new IllegalArgumentException("a node that subscribes to no target must run the rollups");
            }
        }

        /** A collector, with or without the rollups beside it, their stores in a temporary directory. */
        public Options(boolean rollups, Integer metricsPort, String metricsAddress) {
            this(true, rollups, metricsPort, metricsAddress, null);
        }

        /** A node whose rollups, if any, keep their stores in a temporary directory. */
        public Options(boolean collects, boolean rollups, Integer metricsPort, String metricsAddress) {
            this(collects, rollups, metricsPort, metricsAddress, null);
        }
    }

    /** The subscriptions, or null on a node of the rollup tier alone. */
    private final Collector collector;

    private Rollups rollups;
    private RollupView view;
    private MetricsServer metrics;

    private final String id;

    private CollectorNode(String id, Collector collector) {
        this.id = id;
        this.collector = collector;
    }

    public static CollectorNode start(CollectorSettings settings, Options options, Consumer<String> log) {
        CollectorNode node =
                new CollectorNode(settings.id(), options.collects() ? Collector.start(settings, log) : null);
        try {
            RollupLayout layout = RollupLayout.defaults();
            Consumer<String> logged = line -> log.accept("collector " + settings.id() + ": " + line);
            if (!options.collects()) {
                Topics.ensure(settings); // the rollups read the collectors' topics: a node may start first
            }
            if (options.rollups()) {
                node.rollups = Rollups.start(settings, layout, options.stateDir(), logged);
            }
            if (options.metricsPort() != null) {
                Topics.ensureRollups(settings, layout, logged);
                node.view = RollupView.start(settings, layout, logged);
                node.metrics = MetricsServer.start(options.metricsAddress(), options.metricsPort(), node::metricsInput);
            }
            return node;
        } catch (RuntimeException e) {
            node.close();
            throw e;
        }
    }

    /** The subscriptions, or null on a node of the rollup tier alone. */
    public Collector collector() {
        return collector;
    }

    /** The rollups running in this process, or null. */
    public Rollups rollups() {
        return rollups;
    }

    /** The port /metrics listens on, or -1 when it is not served. */
    public int metricsPort() {
        return metrics == null ? -1 : metrics.port();
    }

    MetricsInput metricsInput() {
        // A node of the rollup tier alone holds no target and publishes nothing: its zeros are true.
        PublishCounters c = collector == null ? new PublishCounters() : collector.counters();
        return new MetricsInput(
                id,
                System.currentTimeMillis(),
                collector != null,
                collector == null ? 0 : collector.targets().size(),
                collector == null ? 0 : collector.queue().depth(),
                c.notifications.sum(),
                c.updates.sum(),
                c.droppedNotifications.sum() + (collector == null ? 0 : collector.updateRecordsFailed()),
                collector == null ? 0 : collector.queue().droppedNotifications(),
                c.decisionsPublished.sum(),
                rollups == null ? null : rollups.running(),
                rollups == null ? null : rollups.lagRecords(),
                rollups == null ? null : rollups.counters().timings.seen(),
                rollups == null ? Map.of() : rollups.threadRatios(),
                view == null ? List.of() : view.planes(),
                view == null ? List.of() : view.suspects(),
                view == null ? List.of() : view.alarms());
    }

    /**
     * Stops as a killed process would: its subscriptions and rollups leave their groups to notice
     * (tests of a collector's death within one JVM); {@link #close} after it is harmless.
     */
    public void crash() {
        if (collector != null) {
            collector.crash();
        }
        if (rollups != null) {
            rollups.abandon();
        }
        close();
    }

    @Override
    public void close() {
        if (metrics != null) {
            metrics.close();
        }
        if (view != null) {
            view.close();
        }
        if (rollups != null) {
            rollups.close();
        }
        if (collector != null) {
            collector.close();
        }
    }
}
