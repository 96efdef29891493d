package org.planewatch.gnmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.GetRequest;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.SubscribeRequest;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.Subscription;
import org.planewatch.gnmi.proto.SubscriptionList;
import org.planewatch.gnmi.proto.SubscriptionMode;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;

/**
 * Our gnmi.proto must put the standard openconfig field numbers and enum values on the wire. The
 * expected bytes below were worked out by hand from those numbers (tag = field << 3 | wire type),
 * not produced by this code, so a renumbered field or enum breaks these tests.
 */
class GnmiWireCompatibilityTest {
    private static final HexFormat HEX = HexFormat.of();

    /*
     * SubscribeRequest.subscribe (1, LEN)                       0a 34
     *   SubscriptionList.prefix (1, LEN)                        0a 0b
     *     Path.target (4, LEN) "host-0007"                      22 09 686f73742d30303037
     *   SubscriptionList.subscription (2, LEN)                  12 21
     *     Subscription.path (1, LEN)                            0a 0f
     *       Path.origin (2, LEN) "mrc"                          12 03 6d7263
     *       Path.elem (3, LEN)                                  1a 08
     *         PathElem.name (1, LEN) "planes"                   0a 06 706c616e6573
     *     Subscription.mode (2, VARINT) SAMPLE = 2              10 02
     *     Subscription.sample_interval (3, VARINT) 1e9          18 8094ebdc03
     *     Subscription.suppress_redundant (4, VARINT) true      20 01
     *     Subscription.heartbeat_interval (5, VARINT) 1e10      28 80c8afa025
     *   SubscriptionList.mode STREAM = 0: default, not encoded
     *   SubscriptionList.encoding (8, VARINT) PROTO = 2         40 02
     *   SubscriptionList.updates_only (9, VARINT) true          48 01
     */
    private static final String SUBSCRIBE_REQUEST_HEX = "0a34" + "0a0b" + "2209686f73742d30303037"
            + "1221" + "0a0f" + "12036d7263" + "1a08" + "0a06706c616e6573"
            + "1002" + "188094ebdc03" + "2001" + "2880c8afa025"
            + "4002" + "4801";

    /*
     * Notification.timestamp (1, VARINT) 1700000000123456789    08 959a97ece39fe7cb17
     * Notification.prefix (2, LEN)                              12 10
     *   Path.origin (2) "mrc", Path.target (4) "host-0007"      12 03 6d7263 22 09 686f73742d30303037
     * Notification.update (4, LEN)                              22 31
     *   Update.path (1, LEN)                                    0a 2b
     *     elem "qps"                                            1a 05 0a03717073
     *     elem "qp" key {qpn: "5"} (map entry: key 1, value 2)  1a 0e 0a027170 12 08 0a03 71706e 1201 35
     *     elem "state"                                          1a 07 0a057374617465
     *     elem "tx-pkts"                                        1a 09 0a0774782d706b7473
     *   Update.val (3, LEN) TypedValue.uint_val (3) 42          1a 02 18 2a
     * Notification.delete (5, LEN)                              2a 14
     *   elem "events" key {seq: "9"}                            1a 12 0a066576656e7473 12 08 0a03736571 1201 39
     * Notification.atomic (6, VARINT) true                      30 01
     */
    private static final String NOTIFICATION_HEX = "08959a97ece39fe7cb17"
            + "1210" + "12036d7263" + "2209686f73742d30303037"
            + "2231" + "0a2b" + "1a050a03717073" + "1a0e0a027170" + "12080a0371706e120135"
            + "1a070a057374617465" + "1a090a0774782d706b7473"
            + "1a02182a"
            + "2a14" + "1a120a066576656e7473" + "12080a03736571120139"
            + "3001";

    @Test
    void subscribeRequestEncodesWithStandardFieldNumbers() {
        assertEquals(
                SUBSCRIBE_REQUEST_HEX, HEX.formatHex(sampleSubscribeRequest().toByteArray()));
    }

    @Test
    void subscribeRequestDecodesFromStandardBytes() throws InvalidProtocolBufferException {
        SubscribeRequest decoded = SubscribeRequest.parseFrom(HEX.parseHex(SUBSCRIBE_REQUEST_HEX));
        assertEquals(sampleSubscribeRequest(), decoded);
    }

    @Test
    void notificationEncodesWithStandardFieldNumbers() {
        assertEquals(NOTIFICATION_HEX, HEX.formatHex(sampleNotification().toByteArray()));
    }

    @Test
    void notificationDecodesFromStandardBytes() throws InvalidProtocolBufferException {
        assertEquals(sampleNotification(), Notification.parseFrom(HEX.parseHex(NOTIFICATION_HEX)));
    }

    @Test
    void subscribeResponseCarriesUpdateAsFieldOneAndSyncAsFieldThree() {
        SubscribeResponse update =
                SubscribeResponse.newBuilder().setUpdate(sampleNotification()).build();
        assertEquals("0a67" + NOTIFICATION_HEX, HEX.formatHex(update.toByteArray()));
        SubscribeResponse sync =
                SubscribeResponse.newBuilder().setSyncResponse(true).build();
        assertArrayEquals(new byte[] {0x18, 0x01}, sync.toByteArray());
    }

    @Test
    void enumValuesMatchTheStandard() {
        assertEquals(0, Encoding.JSON_VALUE);
        assertEquals(1, Encoding.BYTES_VALUE);
        assertEquals(2, Encoding.PROTO_VALUE);
        assertEquals(3, Encoding.ASCII_VALUE);
        assertEquals(4, Encoding.JSON_IETF_VALUE);
        assertEquals(0, SubscriptionMode.TARGET_DEFINED_VALUE);
        assertEquals(1, SubscriptionMode.ON_CHANGE_VALUE);
        assertEquals(2, SubscriptionMode.SAMPLE_VALUE);
        assertEquals(0, SubscriptionList.Mode.STREAM_VALUE);
        assertEquals(1, SubscriptionList.Mode.ONCE_VALUE);
        assertEquals(2, SubscriptionList.Mode.POLL_VALUE);
        assertEquals(3, GetRequest.DataType.OPERATIONAL_VALUE);
        assertEquals(14, TypedValue.DOUBLE_VAL_FIELD_NUMBER);
        assertEquals(5, GetRequest.ENCODING_FIELD_NUMBER);
    }

    private static SubscribeRequest sampleSubscribeRequest() {
        Subscription subscription = Subscription.newBuilder()
                .setPath(Path.newBuilder().setOrigin("mrc").addElem(elem("planes")))
                .setMode(SubscriptionMode.SAMPLE)
                .setSampleInterval(1_000_000_000L)
                .setSuppressRedundant(true)
                .setHeartbeatInterval(10_000_000_000L)
                .build();
        SubscriptionList list = SubscriptionList.newBuilder()
                .setPrefix(Path.newBuilder().setTarget("host-0007"))
                .addSubscription(subscription)
                .setMode(SubscriptionList.Mode.STREAM)
                .setEncoding(Encoding.PROTO)
                .setUpdatesOnly(true)
                .build();
        return SubscribeRequest.newBuilder().setSubscribe(list).build();
    }

    private static Notification sampleNotification() {
        Path counter = Path.newBuilder()
                .addElem(elem("qps"))
                .addElem(PathElem.newBuilder().setName("qp").putKey("qpn", "5"))
                .addElem(elem("state"))
                .addElem(elem("tx-pkts"))
                .build();
        return Notification.newBuilder()
                .setTimestamp(1_700_000_000_123_456_789L)
                .setPrefix(Path.newBuilder().setOrigin("mrc").setTarget("host-0007"))
                .addUpdate(Update.newBuilder()
                        .setPath(counter)
                        .setVal(TypedValue.newBuilder().setUintVal(42)))
                .addDelete(Path.newBuilder()
                        .addElem(PathElem.newBuilder().setName("events").putKey("seq", "9")))
                .setAtomic(true)
                .build();
    }

    private static PathElem.Builder elem(String name) {
        return PathElem.newBuilder().setName(name);
    }
}
