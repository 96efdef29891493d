package org.planewatch.console.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.planewatch.console.telemetry.IngestEvent;
import org.planewatch.console.testing.VariedResponses;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;

class SubscribeResponseDecoderTest {
    private static final long ARRIVAL = 1_700_000_000_000L;

    private final SubscribeResponseDecoder fast = new SubscribeResponseDecoder("agent-a", "default-device");

    private static IngestEvent standard(byte[] bytes) throws InvalidProtocolBufferException {
        return NotificationDecoder.event(
                "agent-a",
                "default-device",
                SubscribeResponse.parseFrom(bytes),
                ARRIVAL,
                new NotificationDecoder.PathCache());
    }

    private IngestEvent decodeFast(byte[] bytes) {
        // A larger buffer with junk after the message, as the marshaller's reused buffer has.
        byte[] buffer = Arrays.copyOf(bytes, bytes.length + 17);
        Arrays.fill(buffer, bytes.length, buffer.length, (byte) 0xFF);
        return fast.decode(buffer, bytes.length, ARRIVAL);
    }

    @Test
    void decodesVariedResponsesExactlyAsTheStandardDecoder() throws Exception {
        VariedResponses responses = new VariedResponses(42);
        int notifications = 0;
        for (int i = 0; i < 5_000; i++) {
            byte[] bytes = responses.next().toByteArray();
            IngestEvent expected = standard(bytes);
            assertEquals(expected, decodeFast(bytes), "response " + i);
            notifications += expected instanceof IngestEvent.Notification ? 1 : 0;
        }
        assertTrue(notifications > 4_000, "the mix is mostly notifications: " + notifications);
        assertTrue(
                fast.standardDecodes() < 400,
                "most responses take the wire walk, not the fallback: " + fast.standardDecodes() + " of 5000 did not");
    }

    @Test
    void decodersOfTwoConnectionsGiveTheSamePathInstanceForTheSameLeaf() {
        byte[] bytes = SubscribeResponse.newBuilder()
                .setUpdate(Notification.newBuilder()
                        .setTimestamp(5)
                        .setPrefix(Path.newBuilder().setTarget("leaf-7"))
                        .addUpdate(Update.newBuilder()
                                .setPath(Path.newBuilder()
                                        .addElem(PathElem.newBuilder().setName("interfaces"))
                                        .addElem(PathElem.newBuilder()
                                                .setName("interface")
                                                .putKey("name", "swp31"))
                                        .addElem(PathElem.newBuilder().setName("state"))
                                        .addElem(PathElem.newBuilder().setName("counters"))
                                        .addElem(PathElem.newBuilder().setName("in-octets")))
                                .setVal(TypedValue.newBuilder().setUintVal(9))))
                .build()
                .toByteArray();
        SubscribeResponseDecoder other = new SubscribeResponseDecoder("agent-b", "default-device");
        var here = (IngestEvent.Notification) decodeFast(bytes);
        var there = (IngestEvent.Notification) other.decode(bytes, bytes.length, ARRIVAL);
        // maps keyed by path downstream (record encoding, coalescing) then hit on identity (ADR 0127)
        assertSame(here.updates().get(0).path(), there.updates().get(0).path());
    }

    @Test
    void joinsPrefixElementsAndOriginWithEachUpdatePath() throws Exception {
        Notification notification = Notification.newBuilder()
                .setTimestamp(77)
                .setPrefix(Path.newBuilder()
                        .setOrigin("mrc")
                        .setTarget("host-9")
                        .addElem(PathElem.newBuilder().setName("planes"))
                        .addElem(PathElem.newBuilder().setName("plane").putKey("id", "3")))
                .addUpdate(Update.newBuilder()
                        .setPath(Path.newBuilder()
                                .addElem(PathElem.newBuilder().setName("state"))
                                .addElem(PathElem.newBuilder().setName("tx-pkts")))
                        .setVal(TypedValue.newBuilder().setUintVal(5)))
                .addDelete(Path.newBuilder().addElem(PathElem.newBuilder().setName("evs")))
                .build();
        var event = (IngestEvent.Notification) decodeFast(
                SubscribeResponse.newBuilder().setUpdate(notification).build().toByteArray());

        assertEquals("host-9", event.target());
        assertEquals(77, event.timestampNs());
        assertEquals(
                "mrc:/planes/plane[id=3]/state/tx-pkts",
                event.updates().getFirst().path().toString());
        assertEquals("mrc:/planes/plane[id=3]/evs", event.deletes().getFirst().toString());
    }

    @Test
    void takesTheSourcesDeviceWhenThePrefixNamesNoTarget() {
        byte[] bytes = SubscribeResponse.newBuilder()
                .setUpdate(Notification.newBuilder()
                        .addUpdate(Update.newBuilder()
                                .setPath(Path.newBuilder()
                                        .addElem(PathElem.newBuilder().setName("x")))))
                .build()
                .toByteArray();
        assertEquals("default-device", ((IngestEvent.Notification) decodeFast(bytes)).target());
    }

    @Test
    void reportsSyncResponsesAndIgnoresEmptyResponses() {
        assertEquals(
                new IngestEvent.Synced("agent-a", ARRIVAL),
                decodeFast(SubscribeResponse.newBuilder()
                        .setSyncResponse(true)
                        .build()
                        .toByteArray()));
        assertNull(decodeFast(new byte[0]));
    }

    @Test
    void internsRepeatedPathsToOneObject() {
        Update update = Update.newBuilder()
                .setPath(Path.newBuilder()
                        .setOrigin("mrc")
                        .addElem(PathElem.newBuilder().setName("a")))
                .setVal(TypedValue.newBuilder().setUintVal(1))
                .build();
        byte[] bytes = SubscribeResponse.newBuilder()
                .setUpdate(Notification.newBuilder().addUpdate(update).addUpdate(update))
                .build()
                .toByteArray();
        var first = (IngestEvent.Notification) decodeFast(bytes);
        var second = (IngestEvent.Notification) decodeFast(bytes);
        assertSame(first.updates().get(0).path(), first.updates().get(1).path());
        assertSame(first.updates().get(0).path(), second.updates().get(0).path());
    }

    @Test
    void mergesRepeatedMessageFieldsAsProtobufDoes() throws Exception {
        // Concatenated messages merge: the second notification's updates join the first's, its prefix merges in.
        VariedResponses responses = new VariedResponses(7);
        for (int i = 0; i < 500; i++) {
            ByteArrayOutputStream both = new ByteArrayOutputStream();
            SubscribeResponse.newBuilder()
                    .setUpdate(responses.notification())
                    .build()
                    .writeTo(both);
            SubscribeResponse.newBuilder()
                    .setUpdate(responses.notification())
                    .build()
                    .writeTo(both);
            byte[] bytes = both.toByteArray();
            assertEquals(standard(bytes), decodeFast(bytes), "pair " + i);
        }
        assertEquals(500, fast.standardDecodes(), "a notification sent twice is merged by the generated classes");
    }

    @Test
    void skipsUnknownFieldsAsProtobufDoes() throws Exception {
        UnknownFieldSet unknown = UnknownFieldSet.newBuilder()
                .addField(
                        99,
                        UnknownFieldSet.Field.newBuilder()
                                .addVarint(5)
                                .addFixed64(7)
                                .addFixed32(9)
                                .addLengthDelimited(ByteString.copyFromUtf8("later"))
                                .build())
                .build();
        Notification notification = Notification.newBuilder()
                .setUnknownFields(unknown)
                .setTimestamp(3)
                .addUpdate(Update.newBuilder()
                        .setUnknownFields(unknown)
                        .setPath(Path.newBuilder()
                                .setUnknownFields(unknown)
                                .addElem(PathElem.newBuilder()
                                        .setUnknownFields(unknown)
                                        .setName("n")
                                        .putKey("k", "v")))
                        .setVal(TypedValue.newBuilder()
                                .setUnknownFields(unknown)
                                .setIntVal(-4)))
                .build();
        byte[] bytes = SubscribeResponse.newBuilder()
                .setUnknownFields(unknown)
                .setUpdate(notification)
                .build()
                .toByteArray();
        IngestEvent expected = standard(bytes);
        assertEquals(expected, decodeFast(bytes));
        assertEquals(0, fast.standardDecodes());
        assertEquals(
                "/n[k=v]",
                ((IngestEvent.Notification) expected)
                        .updates()
                        .getFirst()
                        .path()
                        .toString());
    }

    @Test
    void namesTheFieldAndByteOfATruncatedMessage() {
        byte[] whole = SubscribeResponse.newBuilder()
                .setUpdate(new VariedResponses(3)
                        .notification().toBuilder()
                                .addUpdate(Update.newBuilder()
                                        .setPath(Path.newBuilder()
                                                .addElem(PathElem.newBuilder().setName("leaf")))))
                .build()
                .toByteArray();
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);
        MalformedResponseException error = assertThrows(MalformedResponseException.class, () -> decodeFast(cut));
        assertTrue(error.getMessage().matches(".*(runs past the end|truncated).* at byte \\d+"), error.getMessage());
        assertThrows(InvalidProtocolBufferException.class, () -> SubscribeResponse.parseFrom(cut));
    }

    @Test
    void rejectsInvalidUtf8InAPathName() {
        byte[] bytes = SubscribeResponse.newBuilder()
                .setUpdate(Notification.newBuilder()
                        .addUpdate(Update.newBuilder()
                                .setPath(Path.newBuilder()
                                        .addElem(PathElem.newBuilder().setName("XX")))))
                .build()
                .toByteArray();
        int at = indexOf(bytes, "XX".getBytes(StandardCharsets.US_ASCII));
        bytes[at] = (byte) 0xC3;
        bytes[at + 1] = (byte) 0x28;
        byte[] invalid = bytes;
        MalformedResponseException error = assertThrows(MalformedResponseException.class, () -> decodeFast(invalid));
        assertEquals("invalid UTF-8 in Update.path.elem.name at byte " + at, error.getMessage());
    }

    @Test
    void rejectsAPathElementWithoutAName() {
        byte[] bytes = SubscribeResponse.newBuilder()
                .setUpdate(Notification.newBuilder()
                        .addUpdate(Update.newBuilder()
                                .setPath(Path.newBuilder()
                                        .addElem(PathElem.newBuilder().putKey("name", "eth0")))))
                .build()
                .toByteArray();
        MalformedResponseException error = assertThrows(MalformedResponseException.class, () -> decodeFast(bytes));
        assertTrue(
                error.getMessage().startsWith("path element without a name in Update.path.elem at byte "),
                error.getMessage());
    }

    @Test
    void rejectsGarbage() {
        byte[] garbage = {(byte) 0x0F, 1, 2, 3};
        MalformedResponseException error = assertThrows(MalformedResponseException.class, () -> decodeFast(garbage));
        assertEquals("field 1 has invalid wire type 7 in SubscribeResponse at byte 1", error.getMessage());
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
