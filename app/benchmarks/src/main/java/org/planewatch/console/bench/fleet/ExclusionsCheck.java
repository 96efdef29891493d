package org.planewatch.console.bench.fleet;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.planewatch.console.ingest.NotificationRecords;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.telemetry.TelemetryUpdate;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.GetResponse;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.gNMIGrpc;
import org.planewatch.telemetry.schema.ExclusionEventRing;
import org.planewatch.telemetry.schema.PathNames;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * Whether the exclusions topic lost a decision the agent made, judged as the collector tests judge
 * it but across processes: the agent (a process of its own, not paused) is asked with a gNMI Get
 * for its event rings (every device, {@code mrc:/events}); every decision its rings hold then must be
 * in the topic, the topic must hold none twice, and each device's numbers in the topic must run
 * without a gap up to the agent's last.
 */
final class ExclusionsCheck {
    /** One decision: its device, its number in the device's ring and the agent's timestamp. */
    record Decision(String device, long seq, long timestampNs) {}

    /** What the agent's rings hold and the number of the next decision of each device. */
    record AgentRings(Set<Decision> held, Map<String, Long> nextSeq) {}

    /** The verdict, in figures. */
    record Verdict(
            int inRings, int inTopic, int distinctInTopic, List<Decision> missing, List<String> gaps, long behind) {
        boolean nothingLost() {
            return missing.isEmpty() && gaps.isEmpty() && distinctInTopic == inTopic && behind == 0;
        }
    }

    private ExclusionsCheck() {}

    static AgentRings agentRings(int port) {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port)
                .usePlaintext()
                .maxInboundMessageSize(512 << 20)
                .build();
        try {
            GetResponse all = gNMIGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(10, TimeUnit.MINUTES)
                    .get(GetRequest.newBuilder()
                            .setPrefix(
                                    org.planewatch.gnmi.proto.Path.newBuilder().setTarget("*"))
                            .addPath(org.planewatch.gnmi.proto.Path.newBuilder()
                                    .setOrigin(PathNames.MRC)
                                    .addElem(PathElem.newBuilder().setName(PathNames.EVENTS)))
                            .setEncoding(Encoding.PROTO)
                            .build());
            Set<Decision> held = new HashSet<>();
            Map<String, Long> next = new HashMap<>();
            for (Notification n : all.getNotificationList()) {
                IngestEvent.Notification decoded = NotificationRecords.decode(
                        SubscribeResponse.newBuilder().setUpdate(n).build().toByteArray(), "agent", 0);
                held.addAll(decisions(decoded));
                for (TelemetryUpdate u : decoded.updates()) {
                    if (u.path().last().name().equals(ExclusionEventRing.NEXT_SEQ)) {
                        next.put(decoded.target(), number(u.value()));
                    }
                }
            }
            return new AgentRings(held, next);
        } finally {
            channel.shutdownNow();
        }
    }

    /** The decisions a notification holds (one per ring entry with a timestamp leaf). */
    static List<Decision> decisions(IngestEvent.Notification n) {
        List<Decision> found = new ArrayList<>();
        for (TelemetryUpdate u : n.updates()) {
            String seq = ExclusionEventRing.seqText(u.path());
            if (seq != null && u.path().last().name().equals(ExclusionEventRing.TIMESTAMP)) {
                found.add(new Decision(n.target(), Long.parseLong(seq), number(u.value())));
            }
        }
        return found;
    }

    static Verdict judge(AgentRings agent, List<Decision> inTopic) {
        Set<Decision> distinct = new HashSet<>(inTopic);
        List<Decision> missing = agent.held().stream()
                .filter(d -> !distinct.contains(d))
                .sorted(java.util.Comparator.comparing(Decision::device).thenComparingLong(Decision::seq))
                .toList();
        Map<String, TreeSet<Long>> seqs = new HashMap<>();
        distinct.forEach(
                d -> seqs.computeIfAbsent(d.device(), k -> new TreeSet<>()).add(d.seq()));
        List<String> gaps = new ArrayList<>();
        long behind = 0;
        for (Map.Entry<String, TreeSet<Long>> e : seqs.entrySet()) {
            TreeSet<Long> numbers = e.getValue();
            if (numbers.last() - numbers.first() + 1 != numbers.size()) {
                gaps.add(e.getKey() + " " + numbers.first() + ".." + numbers.last() + " has " + numbers.size());
            }
        }
        for (Map.Entry<String, Long> e : agent.nextSeq().entrySet()) {
            TreeSet<Long> numbers = seqs.get(e.getKey());
            long last = numbers == null ? -1 : numbers.last();
            behind += Math.max(0, e.getValue() - 1 - last);
        }
        return new Verdict(agent.held().size(), inTopic.size(), distinct.size(), missing, gaps, behind);
    }

    private static long number(TelemetryValue value) {
        return switch (value) {
            case TelemetryValue.Uint u -> u.value();
            case TelemetryValue.Int i -> i.value();
            default -> throw new IllegalArgumentException("not a number: " + value);
        };
    }
}
