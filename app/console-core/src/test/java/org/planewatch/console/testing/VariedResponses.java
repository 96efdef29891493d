package org.planewatch.console.testing;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.planewatch.gnmi.proto.Decimal64;
import org.planewatch.gnmi.proto.Error;
import org.planewatch.gnmi.proto.Notification;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.PathElem;
import org.planewatch.gnmi.proto.ScalarArray;
import org.planewatch.gnmi.proto.SubscribeResponse;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.gnmi.proto.Update;

/**
 * Seeded random Subscribe responses built with the generated protobuf classes: every TypedValue
 * kind, prefixes with and without target, origin and elements, keyed and multi-keyed elements,
 * non-ASCII names, deletes, sync markers, the deprecated error. Paths come from a small pool so
 * that decoders with caches see both repeats and new paths.
 */
public final class VariedResponses {
    private static final String[] ORIGINS = {"", "openconfig", "mrc", "sim"};
    private static final String[] NAMES = {
        "interfaces",
        "interface",
        "state",
        "counters",
        "out-octets",
        "planes",
        "plane",
        "evs",
        "ev",
        "tx-pkts",
        "zürich-port",
        "a/b",
        "名前"
    };
    private static final String[] TARGETS = {"", "host-0001", "p1-t0-3", "*", "ünï"};

    private final Random random;
    private final List<Path> pathPool = new ArrayList<>();

    public VariedResponses(long seed) {
        this.random = new Random(seed);
        for (int i = 0; i < 40; i++) {
            pathPool.add(path(false));
        }
    }

    public SubscribeResponse next() {
        int kind = random.nextInt(20);
        if (kind == 0) {
            return SubscribeResponse.newBuilder()
                    .setSyncResponse(random.nextBoolean())
                    .build();
        }
        if (kind == 1 && random.nextInt(5) == 0) {
            return SubscribeResponse.newBuilder()
                    .setError(Error.newBuilder().setCode(3).setMessage("deprecated error"))
                    .build();
        }
        if (kind == 2) {
            return SubscribeResponse.getDefaultInstance();
        }
        return SubscribeResponse.newBuilder().setUpdate(notification()).build();
    }

    public Notification notification() {
        Notification.Builder n = Notification.newBuilder().setTimestamp(random.nextLong());
        if (random.nextInt(4) != 0) {
            Path.Builder prefix = random.nextInt(3) == 0 ? path(true).toBuilder() : Path.newBuilder();
            prefix.setTarget(TARGETS[random.nextInt(TARGETS.length)]);
            n.setPrefix(prefix);
        }
        int updates = random.nextInt(12);
        for (int i = 0; i < updates; i++) {
            Update.Builder update = Update.newBuilder();
            if (random.nextInt(20) != 0) {
                update.setPath(random.nextInt(3) == 0 ? path(false) : pathPool.get(random.nextInt(pathPool.size())));
            }
            if (random.nextInt(20) != 0) {
                update.setVal(value(true));
            }
            if (random.nextInt(10) == 0) {
                update.setDuplicates(random.nextInt(100));
            }
            n.addUpdate(update);
        }
        int deletes = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : 0;
        for (int i = 0; i < deletes; i++) {
            n.addDelete(pathPool.get(random.nextInt(pathPool.size())));
        }
        n.setAtomic(random.nextInt(10) == 0);
        return n.build();
    }

    private Path path(boolean prefix) {
        Path.Builder path = Path.newBuilder().setOrigin(ORIGINS[random.nextInt(ORIGINS.length)]);
        int elems = (prefix ? 0 : 1) + random.nextInt(5);
        for (int i = 0; i < elems; i++) {
            PathElem.Builder elem = PathElem.newBuilder().setName(NAMES[random.nextInt(NAMES.length)]);
            int keys = random.nextInt(6) == 0 ? 2 : random.nextInt(3) == 0 ? 1 : 0;
            for (int k = 0; k < keys; k++) {
                elem.putKey(
                        k == 0 ? "name" : "id",
                        random.nextInt(4) == 0
                                ? "Ethernet1/" + random.nextInt(64)
                                : Integer.toString(random.nextInt(16)));
            }
            path.addElem(elem);
        }
        return path.build();
    }

    private TypedValue value(boolean allowLeafList) {
        TypedValue.Builder value = TypedValue.newBuilder();
        if (random.nextInt(200) == 0) {
            // Deprecated kinds no agent of ours sends: rare, so most messages still take a decoder's main path.
            return random.nextBoolean()
                    ? value.setDecimalVal(
                                    Decimal64.newBuilder().setDigits(12345).setPrecision(2))
                            .build()
                    : value.setAnyVal(Any.newBuilder()
                                    .setTypeUrl("type.googleapis.com/x")
                                    .setValue(ByteString.copyFromUtf8("v")))
                            .build();
        }
        switch (random.nextInt(allowLeafList ? 13 : 12)) {
            case 0 -> value.setStringVal(random.nextBoolean() ? "UP" : "état-été");
            case 1 -> value.setIntVal(random.nextLong());
            case 2 -> value.setUintVal(random.nextBoolean() ? random.nextInt(300) : random.nextLong());
            case 3 -> value.setBoolVal(random.nextBoolean());
            case 4 -> value.setBytesVal(ByteString.copyFrom(new byte[] {1, 2, (byte) 0xFF}));
            case 5 -> value.setFloatVal(random.nextFloat() * 1000);
            case 6 -> value.setDoubleVal(random.nextBoolean() ? random.nextDouble() : Double.NaN);
            case 7 -> value.setJsonVal(ByteString.copyFromUtf8("{\"a\":1}"));
            case 8 -> value.setJsonIetfVal(ByteString.copyFrom(new byte[] {'{', (byte) 0xC3, '}'}));
            case 9 -> value.setAsciiVal("plain ascii");
            case 10 -> value.setProtoBytes(ByteString.copyFromUtf8("pb"));
            case 11 -> value.setStringVal("");
            default -> {
                ScalarArray.Builder list = ScalarArray.newBuilder();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    list.addElement(value(false));
                }
                value.setLeaflistVal(list);
            }
        }
        return value.build();
    }
}
