package org.planewatch.console.state;

import java.util.Arrays;
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
 * @param suspects the links and switches the exclusion decisions point at, best first (ADR 0095)
 * @param trimHistory per plane, the smoothed trim rates of {@code trends}, for the trim charts
 * @param trends per plane, its rates smoothed over {@link TrendPoint#WINDOW_MILLIS}, one point a second, oldest first
 */
public record FabricSnapshot(
        long version,
        long atMillis,
        List<PlaneSummary> planes,
        List<LinkState> links,
        List<SwitchSummary> switches,
        List<HostSummary> hosts,
        List<ExclusionEvent> events,
        List<Suspect> suspects,
        List<Alarm> activeAlarms,
        List<Alarm> recentAlarms,
        List<TargetStatus> targets,
        Map<Integer, List<TrimPoint>> trimHistory,
        IngestStats ingest,
        Map<Integer, List<TrendPoint>> trends) {

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
                Map.of(),
                IngestStats.NONE,
                Map.of());
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
                suspects,
                activeAlarms,
                recentAlarms,
                targets,
                trimHistory,
                ingest,
                trends);
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

        /** The spread of {@code utilizations} (left as they are), {@link #NONE} when there are none. */
        public static LoadSpread of(double[] utilizations) {
            return ofOwned(utilizations.clone());
        }

        /**
         * The spread of {@code values}, which this may reorder: the caller hands over an array of its
         * own. The median is selected, not sorted for: a plane of the full fabric has 131,072 core
         * links and the fleet's spreads are worked out again after every change of a link.
         */
        public static LoadSpread ofOwned(double[] values) {
            return ofFirst(values, values.length);
        }

        /**
         * The spread of the first {@code n} of {@code values}, which this may reorder: a caller that
         * works spreads out again and again keeps one array for them.
         */
        public static LoadSpread ofFirst(double[] values, int n) {
            if (n == 0) {
                return NONE;
            }
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double sum = 0;
            boolean unknown = false;
            for (int i = 0; i < n; i++) {
                double v = values[i];
                unknown |= Double.isNaN(v);
                min = Math.min(min, v);
                max = Math.max(max, v);
                sum += v;
            }
            if (unknown) {
                // NaN is greater than everything in Arrays.sort's order, which selection cannot follow.
                Arrays.sort(values, 0, n);
                min = values[0];
                max = values[n - 1];
            }
            double mean = sum / n;
            double squares = 0;
            for (int i = 0; i < n; i++) {
                squares += (values[i] - mean) * (values[i] - mean);
            }
            double median = unknown ? values[n / 2] : select(values, n, n / 2);
            return new LoadSpread(min, median, max, mean, mean == 0 ? 0 : Math.sqrt(squares / n) / mean);
        }

        /** The {@code k}-th smallest of the first {@code n} of {@code a} (no NaN), moving them (Hoare's selection). */
        private static double select(double[] a, int n, int k) {
            int lo = 0;
            int hi = n - 1;
            while (lo < hi) {
                double pivot = a[(lo + hi) >>> 1];
                int i = lo;
                int j = hi;
                while (i <= j) {
                    while (a[i] < pivot) {
                        i++;
                    }
                    while (a[j] > pivot) {
                        j--;
                    }
                    if (i <= j) {
                        double swap = a[i];
                        a[i++] = a[j];
                        a[j--] = swap;
                    }
                }
                if (k <= j) {
                    hi = j;
                } else if (k >= i) {
                    lo = i;
                } else {
                    return a[k];
                }
            }
            return a[k];
        }

        /** Whether a link counts in its plane's core spread: a T0-T1 link that is up and has a utilization. */
        public static boolean counts(LinkState link) {
            return link.kind() == LinkKind.T0_T1 && link.up() && !Double.isNaN(link.utilization());
        }
    }

    public enum LinkKind {
        HOST_T0,
        T0_T1
    }

    /**
     * A link, both ends merged: rates are sums over both directions' egress ports.
     *
     * @param utilization the busier direction's bits over the capacity
     * @param dropRate packets the two ends discarded on output (full queues, link down), per second
     * @param errorRate packets the two ends received with errors (bad checksums) or discarded on input, per second
     * @param lossRate packets one end sent that the other never received, both ways, per second: a gray
     *     link's silent losses, from the share of octets lost averaged over samples; 0 below {@link
     *     #LOSS_NOISE} of what was sent, NaN unless both ends report
     * @param capacityBps the link's speed from its ports' {@code port-speed} (the slower end), else 100 Gb/s
     */
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
            Freshness freshness,
            double errorRate,
            double lossRate,
            double capacityBps) {
        /**
         * Below this share of the packets sent, a difference between what one end sent and the other
         * received is taken for packets still on the wire when the two ends were sampled.
         */
        public static final double LOSS_NOISE = 0.01;

        /** This link as judged {@code judged} fresh (a fleet's link as old as its rollup). */
        public LinkState withFreshness(Freshness judged) {
            return with(judged, lossRate);
        }

        /** This link with {@code rate} packets lost a second both ways. */
        public LinkState withLossRate(double rate) {
            return with(freshness, rate);
        }

        private LinkState with(Freshness judged, double rate) {
            return new LinkState(
                    id,
                    plane,
                    lowerEnd,
                    upperEnd,
                    kind,
                    up,
                    bitsPerSecond,
                    utilization,
                    trimRate,
                    ecnRate,
                    dropRate,
                    judged,
                    errorRate,
                    rate,
                    capacityBps);
        }
    }

    public record SwitchSummary(
            String name, int plane, int tier, int index, Freshness freshness, List<PortSummary> ports) {}

    /**
     * A switch port; {@code peer} is the device at the far end, empty when the console cannot tell.
     *
     * @param dropRate packets discarded on output (out-discards), per second
     * @param inErrorRate packets received with errors (in-errors: bad checksums), per second
     * @param inDiscardRate packets received and discarded (in-discards), per second
     * @param speedBps the port's speed from {@code port-speed}; NaN when the device does not say
     * @param inLossRate packets the peer sent towards this port that never arrived, per second (see
     *     {@link LinkState#lossRate()}); NaN when none were lost or it cannot be told
     * @param outOctets the out-octets counter, at {@code octetsAtNs} of the agent's clock (-1: none yet)
     * @param inOctets the in-octets counter, at {@code octetsAtNs}
     */
    public record PortSummary(
            String name,
            String peer,
            String operStatus,
            double outBps,
            double inBps,
            double trimRate,
            double dropRate,
            double ecnRate,
            List<QueueSummary> queues,
            double inErrorRate,
            double inDiscardRate,
            double outPktRate,
            double inPktRate,
            double speedBps,
            double inLossRate,
            long outOctets,
            long inOctets,
            long octetsAtNs) {
        public PortSummary withInLossRate(double rate) {
            return new PortSummary(
                    name,
                    peer,
                    operStatus,
                    outBps,
                    inBps,
                    trimRate,
                    dropRate,
                    ecnRate,
                    queues,
                    inErrorRate,
                    inDiscardRate,
                    outPktRate,
                    inPktRate,
                    speedBps,
                    rate,
                    outOctets,
                    inOctets,
                    octetsAtNs);
        }
    }

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

    public record TargetStatus(
            String source,
            Freshness freshness,
            ConnectionPhase phase,
            long lastSeenMillis,
            String detail,
            long notifications,
            int devices,
            long behindMillis) {
        /** "LIVE", "console behind by 4 s", "STALE (12 s)": the state as an operator reads it. */
        public String describe(long nowMillis) {
            return switch (freshness) {
                case BEHIND -> Freshness.describeBehind(behindMillis);
                case LIVE, CONNECTING -> freshness.name();
                case STALE, LOST ->
                    lastSeenMillis == 0
                            ? freshness.name()
                            : freshness.name() + " (silent " + Math.max(0, (nowMillis - lastSeenMillis) / 1000) + " s)";
            };
        }
    }

    /**
     * One second of a plane's trend: its rates as a mean over the last {@link #WINDOW_MILLIS} of the
     * state clock (each value weighted by how long it was current), and its counts as they were. A
     * training step's traffic comes in bursts, so a rate from one sample to the next swings from full
     * to nothing; the mean is what the plane carries. NaN throughout marks a gap (the plane was not LIVE).
     *
     * @param coreMin the least loaded T0-T1 link's utilization (a share; may exceed 1, see {@code Units.overCapacity})
     * @param coreMax the most loaded one's
     */
    public record TrendPoint(
            long atMillis,
            double goodputBps,
            double lastHopTrimRate,
            double fabricTrimRate,
            double coreMin,
            double coreMax,
            double pathHealth,
            double evsOutOfService,
            double linksDown) {
        /** The smoothing window of the rates. */
        public static final long WINDOW_MILLIS = 10_000;

        static TrendPoint gap(long atMillis) {
            double nan = Double.NaN;
            return new TrendPoint(atMillis, nan, nan, nan, nan, nan, nan, nan, nan);
        }

        public double trimRate() {
            return lastHopTrimRate + fabricTrimRate;
        }
    }

    /** One point of a plane's trim-rate series (smoothed as {@link TrendPoint}); NaN marks a gap (the plane was not LIVE). */
    public record TrimPoint(long atMillis, double lastHop, double fabric) {}

    /**
     * The ingest queue's counters when a snapshot was published (ADR 0098).
     *
     * @param coalescedUpdates values replaced by a newer value of the same leaf while the console was behind
     * @param eventsLost events that must never be lost (decisions, connection changes) and were
     * @param behindMillis how long the oldest data still waiting for the state owner had waited
     * @param lastHeardMillis per source, when its latest data arrived from the network (applied or not)
     */
    public record IngestStats(
            long acceptedUpdates,
            long droppedUpdates,
            long droppedNotifications,
            int queueDepth,
            long appliedUpdates,
            long coalescedUpdates,
            long eventsLost,
            long behindMillis,
            Map<String, Long> lastHeardMillis) {
        public static final IngestStats NONE = new IngestStats(0, 0, 0, 0, 0, 0, 0, 0, Map.of());

        public IngestStats {
            lastHeardMillis = Map.copyOf(lastHeardMillis);
        }

        /** The same counters with the updates the store applied. */
        public IngestStats withApplied(long applied) {
            return new IngestStats(
                    acceptedUpdates,
                    droppedUpdates,
                    droppedNotifications,
                    queueDepth,
                    applied,
                    coalescedUpdates,
                    eventsLost,
                    behindMillis,
                    lastHeardMillis);
        }

        /**
         * The one line a console prints at exit, for scripts (format in docs/troubleshooting.md):
         * {@code planewatch-ingest applied=N coalesced=N dropped=N events-lost=N}.
         */
        public String totalsLine() {
            return "planewatch-ingest applied=" + appliedUpdates + " coalesced=" + coalescedUpdates + " dropped="
                    + droppedUpdates + " events-lost=" + eventsLost;
        }
    }

    static double nanToZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
