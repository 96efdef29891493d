package org.planewatch.console.state;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planewatch.console.state.localize.Suspect;
import org.planewatch.console.telemetry.ConnectionPhase;

/**
 * Everything the views show, frozen at one instant. Immutable and versioned: the UI takes the
 * newest once per frame and redraws only when the version changed.
 *
 * @param version increases with every publication
 * @param atMillis the state clock when this was built (wall clock live, replay clock in replay)
 * @param events exclusion decisions, oldest first, bounded
 * @param exclusionGroups the links that many hosts excluded paths through, most hosts first
 * @param suspects the links and switches the exclusion decisions point at, best first (ADR 0095)
 */
public record FabricSnapshot(
        long version,
        long atMillis,
        List<PlaneSummary> planes,
        List<LinkState> links,
        List<SwitchSummary> switches,
        List<HostSummary> hosts,
        List<ExclusionEvent> events,
        List<LinkExclusionGroup> exclusionGroups,
        List<Suspect> suspects,
        List<Alarm> activeAlarms,
        List<Alarm> recentAlarms,
        List<TargetStatus> targets,
        Map<Integer, List<TrimPoint>> trimHistory,
        IngestStats ingest) {

    public static FabricSnapshot empty() {
        return new FabricSnapshot(
                0,
                0,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Map.of(),
                IngestStats.NONE);
    }

    /** The same content under another version (replay keeps versions rising across seeks). */
    public FabricSnapshot withVersion(long newVersion) {
        return new FabricSnapshot(
                newVersion,
                atMillis,
                planes,
                links,
                switches,
                hosts,
                events,
                exclusionGroups,
                suspects,
                activeAlarms,
                recentAlarms,
                targets,
                trimHistory,
                ingest);
    }

    public Optional<PlaneSummary> plane(int plane) {
        return planes.stream().filter(p -> p.plane() == plane).findFirst();
    }

    public Optional<HostSummary> host(String name) {
        return hosts.stream().filter(h -> h.name().equals(name)).findFirst();
    }

    public Optional<SwitchSummary> switchNamed(String name) {
        return switches.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public Optional<LinkState> link(String id) {
        return links.stream().filter(l -> l.id().equals(id)).findFirst();
    }

    /** One plane at a glance. Rates are per second of the agent's clock; NaN until known. */
    public record PlaneSummary(
            int plane,
            double pathHealth,
            long evsGood,
            long evsOutOfService,
            double goodputBps,
            double lastHopTrimRate,
            double fabricTrimRate,
            int linksDown,
            int linksTotal,
            LoadSpread coreSpread,
            Freshness freshness,
            int hosts,
            int switches) {
        public double trimRate() {
            return nanToZero(lastHopTrimRate) + nanToZero(fabricTrimRate);
        }
    }

    /**
     * The spread of utilization over a plane's T0-T1 links. MRC sprays packets over all of them, so
     * a narrow spread is health; a wide one means paths are excluded or something is skewed.
     */
    public record LoadSpread(double min, double median, double max, double mean, double coefficientOfVariation) {
        public static final LoadSpread NONE =
                new LoadSpread(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    public enum LinkKind {
        HOST_T0,
        T0_T1
    }

    /** A link, both ends merged: rates are sums over both directions' egress ports. */
    public record LinkState(
            String id,
            int plane,
            String lowerEnd,
            String upperEnd,
            LinkKind kind,
            boolean up,
            double bitsPerSecond,
            double utilization,
            double trimRate,
            double ecnRate,
            double dropRate,
            Freshness freshness) {}

    public record SwitchSummary(
            String name, int plane, int tier, int index, Freshness freshness, List<PortSummary> ports) {}

    /** A switch port; {@code peer} is the device at the far end, empty when the console cannot tell. */
    public record PortSummary(
            String name,
            String peer,
            String operStatus,
            double outBps,
            double inBps,
            double trimRate,
            double dropRate,
            double ecnRate,
            List<QueueSummary> queues) {}

    public record QueueSummary(
            String name,
            double transmitRate,
            double ecnRate,
            double trimRate,
            double dropRate,
            long maxQueueLen,
            long avgQueueLen) {}

    public record HostSummary(String name, Freshness freshness, List<HostPlanePort> planes, List<QpSummary> qps) {}

    public record HostPlanePort(
            int plane,
            String portName,
            String operStatus,
            double txBps,
            double rxBps,
            long evsGood,
            long evsAssumedBad,
            long evsDenied,
            long evsUnknown,
            double retransmitRate,
            double trimNackRate) {}

    public record QpSummary(
            long qpn,
            String peer,
            long evsActive,
            long cwndOctets,
            long inflightOctets,
            long srttNs,
            double txRate,
            double retransmitRate,
            List<EvCell> evs) {}

    public record EvCell(int id, int plane, String state, double penalty, long trims, long losses) {}

    /** One EV state change decided by a host's NIC (or its controller). */
    public record ExclusionEvent(
            String host,
            long seq,
            long timestampNs,
            long arrivalMillis,
            long qpn,
            int ev,
            int plane,
            List<String> links,
            String fromState,
            String toState,
            String reason) {
        public boolean isExclusion() {
            return !"GOOD".equals(toState);
        }
    }

    /**
     * "17 hosts excluded paths via p2-t0-1~p2-t1-5": exclusions in the window, grouped by link.
     * {@code typicalHosts} is the median over the links of the same plane and kind that had any: under
     * congestion every link collects some, and a broken link stands out by its excess over that.
     *
     * @param peers how many links of the same plane and kind had exclusions (the median's sample)
     */
    public record LinkExclusionGroup(
            String link, int plane, int hosts, int events, long lastArrivalMillis, int typicalHosts, int peers) {
        public int excessHosts() {
            return hosts - typicalHosts;
        }

        public String describe() {
            return hosts + (hosts == 1 ? " host" : " hosts") + " excluded paths via " + link
                    + (peers >= 3 ? " (typical link: " + typicalHosts + ")" : "");
        }
    }

    public record TargetStatus(
            String source,
            Freshness freshness,
            ConnectionPhase phase,
            long lastSeenMillis,
            String detail,
            long notifications,
            int devices) {}

    /** One point of a plane's trim-rate series; NaN marks a gap (the plane was not LIVE). */
    public record TrimPoint(long atMillis, double lastHop, double fabric) {}

    public record IngestStats(
            long acceptedUpdates, long droppedUpdates, long droppedNotifications, int queueDepth, long appliedUpdates) {
        public static final IngestStats NONE = new IngestStats(0, 0, 0, 0, 0);
    }

    static double nanToZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
