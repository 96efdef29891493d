package org.planewatch.collector.ingest;

import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.planewatch.collector.assign.ShareListener;
import org.planewatch.collector.config.CollectorTargets;
import org.planewatch.console.ingest.Backoff;
import org.planewatch.console.ingest.GnmiTargetClient;
import org.planewatch.console.ingest.IngestQueue;
import org.planewatch.console.ingest.SubscriptionPlan;
import org.planewatch.console.telemetry.TargetConfig;

/**
 * One gNMI subscription (the console's own client, with its redial and back-off) per target this
 * collector holds: started when a target is gained, closed when it is lost. Every subscription
 * decodes into the one bounded {@link IngestQueue} the forwarder drains. Called on the share's
 * owner thread.
 */
public final class Subscriptions implements ShareListener, AutoCloseable {
    private final CollectorTargets targets;
    private final SubscriptionPlan plan;
    private final IngestQueue queue;
    private final InstantSource clock;
    private final ScheduledExecutorService scheduler;
    private final RandomGenerator random;
    private final Consumer<String> log;
    private final Consumer<String> onLost;
    private final Map<String, GnmiTargetClient> clients = new HashMap<>();

    /**
     * @param onLost told after a target's subscription closed (the forwarder forgets its partial state)
     * @param log one line per problem an operator must see (a listed target this collector cannot subscribe to)
     */
    public Subscriptions(
            CollectorTargets targets,
            SubscriptionPlan plan,
            IngestQueue queue,
            InstantSource clock,
            ScheduledExecutorService scheduler,
            RandomGenerator random,
            Consumer<String> log,
            Consumer<String> onLost) {
        this.targets = targets;
        this.plan = plan;
        this.queue = queue;
        this.clock = clock;
        this.scheduler = scheduler;
        this.random = random;
        this.log = log;
        this.onLost = onLost;
    }

    /**
     * Every entry of {@code targets} subscribed with the collectors' plan into {@code queue}, as a lone
     * collector holding every share does (each entry its own share), problems on standard error: how
     * tests and benchmarks read a fleet the way collectors do, without Kafka.
     */
    public static Subscriptions everyTarget(
            CollectorTargets targets, IngestQueue queue, ScheduledExecutorService scheduler) {
        Subscriptions all = new Subscriptions(
                targets,
                SubscriptionPlan.fabricOverview(),
                queue,
                InstantSource.system(),
                scheduler,
                RandomGenerator.getDefault(),
                System.err::println,
                target -> {});
        int share = 0;
        for (TargetConfig target : targets.all()) {
            all.gained(target.name(), share++);
        }
        return all;
    }

    @Override
    public void gained(String target, int share) {
        Optional<TargetConfig> config = targets.get(target);
        if (config.isEmpty()) {
            log.accept("target '" + target + "' is listed in Kafka (share " + share + ") but not in " + targets.file()
                    + ": not subscribed (give every collector the same targets file)");
            return;
        }
        GnmiTargetClient client;
        try {
            client = new GnmiTargetClient(config.get(), plan, queue, clock, scheduler, Backoff.standard(random));
        } catch (RuntimeException e) {
            log.accept("target '" + target + "': " + e.getMessage());
            return;
        }
        GnmiTargetClient before = clients.put(target, client);
        if (before != null) {
            before.close();
        }
        client.start();
    }

    @Override
    public void lost(String target) {
        GnmiTargetClient client = clients.remove(target);
        if (client != null) {
            client.close();
        }
        onLost.accept(target);
    }

    /** How many targets have a subscription. */
    public int size() {
        return clients.size();
    }

    @Override
    public void close() {
        for (GnmiTargetClient client : clients.values()) {
            client.close();
        }
        clients.clear();
    }
}
