package org.planewatch.agent.gnmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.Update;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/**
 * The hand-written encoder against the generated protobuf classes: every response it writes is parsed
 * with {@link SubscribeResponse#parseFrom} and must equal the message the standard builders make.
 */
class ResponseEncoderTest {

    private static final long TS = 1_700_000_000_123_456_789L;
    private static final TelemetryPath IN_OCTETS =
            TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/in-octets");
    private static final TelemetryPath OPER = TelemetryPath.parse("/interfaces/interface[name=eth0]/state/oper-status");
    private static final TelemetryPath QUEUE = TelemetryPath.parse(
            "/qos/interfaces/interface[interface-id=eth3]/output/queues/queue[name=data]/state/trim-pkts");
    private static final TelemetryPath TWO_KEYS = TelemetryPath.parse("mrc:/table/row[a=1][b=x y]/state/value");
    private static final TelemetryPath PLANE_TX = TelemetryPath.parse("mrc:/planes/plane[id=3]/state/tx-pkts");
    private static final TelemetryPath DILATION = TelemetryPath.parse("sim:/clock/state/dilation");
    private static final TelemetryPath EVENT_REASON = TelemetryPath.parse("mrc:/events/event[seq=7]/state/reason");

    /** One entry as the buffer hands it over. */
    private record Entry(
            String target, long ts, TelemetryPath path, TelemetryValue value, int duplicates, boolean perDevice) {
        void to(ResponseEncoder encoder) {
            if (value == null) {
                encoder.entry(target, ts, path, OutboundBuffer.DELETE, 0, null, duplicates, perDevice);
            } else if (value instanceof TelemetryValue.Uint u) {
                encoder.entry(target, ts, path, OutboundBuffer.UINT, u.value(), null, duplicates, perDevice);
            } else {
                encoder.entry(target, ts, path, OutboundBuffer.VALUE, 0, value, duplicates, perDevice);
            }
        }
    }

    private static List<SubscribeResponse> encode(ResponseEncoder encoder, Entry... entries)
            throws InvalidProtocolBufferException {
        for (Entry e : entries) {
            e.to(encoder);
        }
        List<SubscribeResponse> parsed = new ArrayList<>();
        for (EncodedResponse r : encoder.finish()) {
            parsed.add(SubscribeResponse.parser().parseFrom(r.bytes(), r.offset(), r.length()));
        }
        return parsed;
    }

    private static Path prefix(TelemetryPath parent, String target) {
        Path p = ProtoCodec.toProto(parent);
        return target.isEmpty() ? p : p.toBuilder().setTarget(target).build();
    }

    private static Update update(Path path, TelemetryValue value, Encoding encoding, int duplicates) {
        return Update.newBuilder()
                .setPath(path)
                .setVal(ProtoCodec.toProto(value, encoding))
                .setDuplicates(duplicates)
                .build();
    }

    private static SubscribeResponse response(Notification.Builder n) {
        return SubscribeResponse.newBuilder().setUpdate(n).build();
    }

    @Test
    void leavesOfOneParentParseAsTheStandardNotificationWithTheParentAndTargetInThePrefix() throws Exception {
        ResponseEncoder encoder = new ResponseEncoder(Encoding.PROTO, "*", 1000);
        List<SubscribeResponse> got = encode(
                encoder,
                new Entry("host-0001", TS, IN_OCTETS, TelemetryValue.uint(1L << 40), 0, false),
                new Entry("host-0001", TS, IN_OCTETS.parent().child("out-octets"), TelemetryValue.uint(0), 3, false),
                new Entry("host-0001", TS, OPER, TelemetryValue.str("UP"), 0, false),
                new Entry("p0-t0-1", TS, QUEUE, TelemetryValue.uint(9), 0, false),
                new Entry("p0-t0-1", TS, TWO_KEYS, new TelemetryValue.Int(-5), 1, false));
        List<SubscribeResponse> expected = List.of(
                response(Notification.newBuilder()
                        .setTimestamp(TS)
                        .setPrefix(prefix(IN_OCTETS.parent(), "host-0001"))
                        .addUpdate(update(
                                ProtoCodec.lastElem(IN_OCTETS), TelemetryValue.uint(1L << 40), Encoding.PROTO, 0))
                        .addUpdate(update(
                                ProtoCodec.lastElem(IN_OCTETS.parent().child("out-octets")),
                                TelemetryValue.uint(0),
                                Encoding.PROTO,
                                3))),
                response(Notification.newBuilder()
                        .setTimestamp(TS)
                        .setPrefix(prefix(OPER.parent(), "host-0001"))
                        .addUpdate(update(ProtoCodec.lastElem(OPER), TelemetryValue.str("UP"), Encoding.PROTO, 0))),
                response(Notification.newBuilder()
                        .setTimestamp(TS)
                        .setPrefix(prefix(QUEUE.parent(), "p0-t0-1"))
                        .addUpdate(update(ProtoCodec.lastElem(QUEUE), TelemetryValue.uint(9), Encoding.PROTO, 0))),
                response(Notification.newBuilder()
                        .setTimestamp(TS)
                        .setPrefix(prefix(TWO_KEYS.parent(), "p0-t0-1"))
                        .addUpdate(
                                update(ProtoCodec.lastElem(TWO_KEYS), new TelemetryValue.Int(-5), Encoding.PROTO, 1))));
        assertEquals(expected, got);
        assertEquals("x y", got.get(3).getUpdate().getPrefix().getElem(1).getKeyOrThrow("b"), "keyed elements survive");
    }

    @Test
    void aSampledDeviceIsOneNotificationOfFullPathsUnderItsTarget() throws Exception {
        ResponseEncoder encoder = new ResponseEncoder(Encoding.PROTO, "*", 1000);
        List<SubscribeResponse> got = encode(
                encoder,
                new Entry("host-0002", TS, IN_OCTETS, TelemetryValue.uint(77), 0, true),
                new Entry("host-0002", TS, PLANE_TX, TelemetryValue.uint(Long.MIN_VALUE + 5), 2, true),
                new Entry("host-0002", TS, DILATION, new TelemetryValue.Real(1000.5), 0, true),
                new Entry("host-0002", TS, OPER, TelemetryValue.str("DOWN"), 0, true));
        SubscribeResponse expected = response(Notification.newBuilder()
                .setTimestamp(TS)
                .setPrefix(Path.newBuilder().setTarget("host-0002"))
                .addUpdate(update(ProtoCodec.toProto(IN_OCTETS), TelemetryValue.uint(77), Encoding.PROTO, 0))
                .addUpdate(update(
                        ProtoCodec.toProto(PLANE_TX), TelemetryValue.uint(Long.MIN_VALUE + 5), Encoding.PROTO, 2))
                .addUpdate(update(ProtoCodec.toProto(DILATION), new TelemetryValue.Real(1000.5), Encoding.PROTO, 0))
                .addUpdate(update(ProtoCodec.toProto(OPER), TelemetryValue.str("DOWN"), Encoding.PROTO, 0)));
        assertEquals(List.of(expected), got);
        assertEquals(
                "mrc", got.getFirst().getUpdate().getUpdate(1).getPath().getOrigin(), "the origin travels in the path");
    }

    @Test
    void deletesAndTheSyncResponseParseAsTheStandardMessages() throws Exception {
        ResponseEncoder encoder = new ResponseEncoder(Encoding.PROTO, "host-0001", 1000);
        TelemetryPath toState = EVENT_REASON.parent().child("to-state");
        new Entry("host-0001", TS, toState, TelemetryValue.str("ASSUMED_BAD"), 0, false).to(encoder);
        new Entry("host-0001", TS, EVENT_REASON, null, 0, false).to(encoder);
        encoder.sync();
        List<SubscribeResponse> got = new ArrayList<>();
        for (EncodedResponse r : encoder.finish()) {
            got.add(SubscribeResponse.parseFrom(Arrays.copyOfRange(r.bytes(), r.offset(), r.offset() + r.length())));
        }
        SubscribeResponse delete = response(Notification.newBuilder()
                .setTimestamp(TS)
                .setPrefix(prefix(EVENT_REASON.parent(), "host-0001"))
                .addUpdate(update(ProtoCodec.lastElem(toState), TelemetryValue.str("ASSUMED_BAD"), Encoding.PROTO, 0))
                .addDelete(ProtoCodec.lastElem(EVENT_REASON)));
        assertEquals(
                List.of(
                        delete,
                        SubscribeResponse.newBuilder().setSyncResponse(true).build()),
                got);
    }

    @Test
    void everyValueTypeMatchesTheStandardTypedValueInEveryEncoding() throws Exception {
        List<TelemetryValue> values = List.of(
                TelemetryValue.uint(0),
                TelemetryValue.uint(-1L),
                new TelemetryValue.Int(Long.MIN_VALUE),
                new TelemetryValue.Int(42),
                TelemetryValue.str("é \"q\" \\ \u0001"),
                new TelemetryValue.Bool(false),
                new TelemetryValue.Bool(true),
                new TelemetryValue.Real(-0.25),
                new TelemetryValue.Real(Double.NaN));
        for (Encoding encoding : List.of(Encoding.PROTO, Encoding.JSON, Encoding.JSON_IETF)) {
            ResponseEncoder encoder = new ResponseEncoder(encoding, "", 1000);
            Entry[] entries = values.stream()
                    .map(v -> new Entry("h", TS, IN_OCTETS, v, 0, false))
                    .toArray(Entry[]::new);
            Notification.Builder expected =
                    Notification.newBuilder().setTimestamp(TS).setPrefix(prefix(IN_OCTETS.parent(), ""));
            for (TelemetryValue v : values) {
                expected.addUpdate(update(ProtoCodec.lastElem(IN_OCTETS), v, encoding, 0));
            }
            List<SubscribeResponse> got = encode(encoder, entries);
            assertEquals(List.of(response(expected)), got, encoding.toString());
            assertTrue(
                    got.getFirst().getUpdate().hasPrefix(), "an empty prefix is still present, as the builders set it");
        }
    }

    @Test
    void aZeroTimestampIsLeftOutAndLongRunsSplitAtTheLimit() throws Exception {
        ResponseEncoder encoder = new ResponseEncoder(Encoding.PROTO, "*", 2);
        List<SubscribeResponse> got = encode(
                encoder,
                new Entry("h", 0, PLANE_TX, TelemetryValue.uint(1), 0, true),
                new Entry("h", 0, IN_OCTETS, TelemetryValue.uint(2), 0, true),
                new Entry("h", 0, OPER, TelemetryValue.str("UP"), 0, true),
                new Entry("h", 5, DILATION, new TelemetryValue.Real(1), 0, true));
        Path target = Path.newBuilder().setTarget("h").build();
        assertEquals(
                List.of(
                        response(Notification.newBuilder()
                                .setPrefix(target)
                                .addUpdate(
                                        update(ProtoCodec.toProto(PLANE_TX), TelemetryValue.uint(1), Encoding.PROTO, 0))
                                .addUpdate(update(
                                        ProtoCodec.toProto(IN_OCTETS), TelemetryValue.uint(2), Encoding.PROTO, 0))),
                        response(Notification.newBuilder()
                                .setPrefix(target)
                                .addUpdate(
                                        update(ProtoCodec.toProto(OPER), TelemetryValue.str("UP"), Encoding.PROTO, 0))),
                        response(Notification.newBuilder()
                                .setTimestamp(5)
                                .setPrefix(target)
                                .addUpdate(update(
                                        ProtoCodec.toProto(DILATION), new TelemetryValue.Real(1), Encoding.PROTO, 0)))),
                got);
    }

    @Test
    void aNotificationLargerThanTheFirstBufferGrowsIntact() throws Exception {
        ResponseEncoder encoder = new ResponseEncoder(Encoding.PROTO, "*", 100_000);
        Notification.Builder expected = Notification.newBuilder()
                .setTimestamp(TS)
                .setPrefix(Path.newBuilder().setTarget("h"));
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            TelemetryPath p = TelemetryPath.parse("/interfaces/interface[name=eth" + i + "]/state/counters/in-octets");
            entries.add(new Entry("h", TS, p, TelemetryValue.uint(i * 1_000_003L), i % 3, true));
            expected.addUpdate(
                    update(ProtoCodec.toProto(p), TelemetryValue.uint(i * 1_000_003L), Encoding.PROTO, i % 3));
        }
        assertEquals(List.of(response(expected)), encode(encoder, entries.toArray(Entry[]::new)));
    }
}
