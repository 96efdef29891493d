package org.planewatch.collector.node;

import java.util.List;
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
 * Prometheus {@code /metrics} page, which shows the fleet's rollups as read from their topics.
 */
public final class CollectorNode implements AutoCloseable {
    /**
     * @param rollups run the rollups' Kafka Streams application in this process
     * @param metricsPort serve /metrics on this port (0: any free port), or null for no /metrics
     * @param metricsAddress the address /metrics listens on
     */
    public record Options(boolean rollups, Integer metricsPort, String metricsAddress) {
        public Options {
            if (metricsPort != null && (metricsPort < 0 || metricsPort > 65_535)) {
                throw new IllegalArgumentException("--metrics-port must be 0..65535, got " + metricsPort);
            }
        }
    }

    private final Collector collector;
    private Rollups rollups;
    private RollupView view;
    private MetricsServer metrics;

    private CollectorNode(Collector collector) {
        this.collector = collector;
    }

    public static CollectorNode start(CollectorSettings settings, Options options, Consumer<String> log) {
        CollectorNode node = new CollectorNode(Collector.start(settings, log));
        try {
            RollupLayout layout = RollupLayout.defaults();
            Consumer<String> logged = line -> log.accept("collector " + settings.id() + ": " + line);
            if (options.rollups()) {
                node.rollups = Rollups.start(settings, layout, logged);
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
        PublishCounters c = collector.counters();
        return new MetricsInput(
                collector.id(),
                System.currentTimeMillis(),
                collector.targets().size(),
                collector.queue().depth(),
                c.notifications.sum(),
                c.updates.sum(),
                c.droppedNotifications.sum() + collector.updateRecordsFailed(),
                collector.queue().droppedNotifications(),
                c.decisionsPublished.sum(),
                rollups == null ? null : rollups.running(),
                rollups == null ? null : rollups.lagRecords(),
                view == null ? List.of() : view.planes(),
                view == null ? List.of() : view.suspects(),
                view == null ? List.of() : view.alarms());
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
        collector.close();
    }
}
