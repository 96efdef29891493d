package org.planewatch.console.fleet;

import java.util.List;
import java.util.Optional;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.fleet.FleetTopics;

/** The four rollup topics (ADR 0100) and the rollup each holds, as a recording numbers them (ADR 0106). */
final class RollupTopics {
    static final List<String> ALL =
            List.of(FleetTopics.PLANES, FleetTopics.LINKS, FleetTopics.SUSPECTS, FleetTopics.ALARMS);

    private RollupTopics() {}

    static Optional<IngestEvent.Rollup.Kind> kind(String topic) {
        return switch (topic) {
            case FleetTopics.PLANES -> Optional.of(IngestEvent.Rollup.Kind.PLANE);
            case FleetTopics.LINKS -> Optional.of(IngestEvent.Rollup.Kind.LINK);
            case FleetTopics.SUSPECTS -> Optional.of(IngestEvent.Rollup.Kind.SUSPECT);
            case FleetTopics.ALARMS -> Optional.of(IngestEvent.Rollup.Kind.ALARM);
            default -> Optional.empty();
        };
    }

    static String topic(IngestEvent.Rollup.Kind kind) {
        return switch (kind) {
            case PLANE -> FleetTopics.PLANES;
            case LINK -> FleetTopics.LINKS;
            case SUSPECT -> FleetTopics.SUSPECTS;
            case ALARM -> FleetTopics.ALARMS;
        };
    }
}
