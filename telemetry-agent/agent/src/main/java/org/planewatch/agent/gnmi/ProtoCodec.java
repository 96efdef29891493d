package org.planewatch.agent.gnmi;

import com.google.protobuf.ByteString;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.planewatch.agent.log.ClientText;
import org.planewatch.gnmi.proto.Encoding;
import org.planewatch.gnmi.proto.Path;
import org.planewatch.gnmi.proto.TypedValue;
import org.planewatch.telemetry.path.PathElem;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

/** Converts between gNMI protobuf messages and the telemetry model. */
public final class ProtoCodec {

    private ProtoCodec() {}

    /**
     * The full path {@code prefix + path}, wildcards kept.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT for the deprecated string elements,
     *     empty names or two different origins
     */
    public static TelemetryPath join(Path prefix, Path path) {
        requireElemForm(prefix, "prefix");
        requireElemForm(path, "path");
        String origin = prefix.getOrigin();
        if (!path.getOrigin().isEmpty()) {
            if (!origin.isEmpty() && !origin.equals(path.getOrigin())) {
                throw GnmiException.invalidArgument("origin given twice: '" + ClientText.shown(origin)
                        + "' in the prefix and '" + ClientText.shown(path.getOrigin()) + "' in the path");
            }
            origin = path.getOrigin();
        }
        List<PathElem> elems = new ArrayList<>(prefix.getElemCount() + path.getElemCount());
        for (org.planewatch.gnmi.proto.PathElem e : prefix.getElemList()) {
            elems.add(toModel(e));
        }
        for (org.planewatch.gnmi.proto.PathElem e : path.getElemList()) {
            elems.add(toModel(e));
        }
        return new TelemetryPath(origin, elems);
    }

    private static void requireElemForm(Path path, String what) {
        if (path.getElementCount() > 0) {
            throw GnmiException.invalidArgument(
                    what + " uses the deprecated 'element' field (gNMI < 0.4); send 'elem'");
        }
    }

    private static PathElem toModel(org.planewatch.gnmi.proto.PathElem e) {
        if (e.getName().isEmpty()) {
            throw GnmiException.invalidArgument("a path element has an empty name");
        }
        return new PathElem(e.getName(), e.getKeyMap());
    }

    /** Paths remembered as protobuf; past this the cache starts over (event paths keep coming). */
    private static final int PATH_CACHE_LIMIT = 1 << 21;

    private static final ConcurrentHashMap<TelemetryPath, Path> PATHS = new ConcurrentHashMap<>();

    /** The protobuf form of {@code path}, built once per path: every update of every sample carries one. */
    public static Path toProto(TelemetryPath path) {
        Path cached = PATHS.get(path);
        if (cached != null) {
            return cached;
        }
        Path built = build(path);
        if (PATHS.size() >= PATH_CACHE_LIMIT) {
            PATHS.clear();
        }
        PATHS.put(path, built);
        return built;
    }

    private static final ConcurrentHashMap<PathElem, Path> LEAVES = new ConcurrentHashMap<>();

    /** A one-element path (a leaf name relative to a notification prefix), built once per element. */
    public static Path leaf(PathElem elem) {
        Path cached = LEAVES.get(elem);
        if (cached != null) {
            return cached;
        }
        Path built = build(new TelemetryPath("", List.of(elem)));
        if (LEAVES.size() >= PATH_CACHE_LIMIT) {
            LEAVES.clear();
        }
        LEAVES.put(elem, built);
        return built;
    }

    private static final ConcurrentHashMap<TelemetryPath, Path> LAST_ELEMS = new ConcurrentHashMap<>();

    /**
     * The last element of {@code path} as a one-element path, cached per path: a path's hash is
     * computed once and equal leaves of many devices are often one object, where a
     * {@link PathElem}'s hash walks its key map at every lookup.
     */
    public static Path lastElem(TelemetryPath path) {
        Path cached = LAST_ELEMS.get(path);
        if (cached != null) {
            return cached;
        }
        Path built = leaf(path.last());
        if (LAST_ELEMS.size() >= PATH_CACHE_LIMIT) {
            LAST_ELEMS.clear();
        }
        LAST_ELEMS.put(path, built);
        return built;
    }

    private static Path build(TelemetryPath path) {
        Path.Builder out = Path.newBuilder().setOrigin(path.origin());
        for (PathElem e : path.elems()) {
            out.addElem(org.planewatch.gnmi.proto.PathElem.newBuilder()
                    .setName(e.name())
                    .putAllKey(e.keys()));
        }
        return out.build();
    }

    /** Encodings the agent can answer with; others are UNIMPLEMENTED. */
    public static void requireSupported(Encoding encoding) {
        if (encoding != Encoding.PROTO && encoding != Encoding.JSON && encoding != Encoding.JSON_IETF) {
            throw GnmiException.unimplemented(
                    "encoding " + encoding + " is not supported; use PROTO, JSON_IETF or JSON");
        }
    }

    public static TypedValue toProto(TelemetryValue value, Encoding encoding) {
        if (encoding == Encoding.JSON || encoding == Encoding.JSON_IETF) {
            ByteString json = ByteString.copyFrom(json(value, encoding == Encoding.JSON_IETF), StandardCharsets.UTF_8);
            return encoding == Encoding.JSON
                    ? TypedValue.newBuilder().setJsonVal(json).build()
                    : TypedValue.newBuilder().setJsonIetfVal(json).build();
        }
        return switch (value) {
            case TelemetryValue.Uint u ->
                TypedValue.newBuilder().setUintVal(u.value()).build();
            case TelemetryValue.Int i ->
                TypedValue.newBuilder().setIntVal(i.value()).build();
            case TelemetryValue.Str s ->
                TypedValue.newBuilder().setStringVal(s.value()).build();
            case TelemetryValue.Bool b ->
                TypedValue.newBuilder().setBoolVal(b.value()).build();
            case TelemetryValue.Real r ->
                TypedValue.newBuilder().setDoubleVal(r.value()).build();
        };
    }

    /**
     * JSON scalar; RFC 7951 (JSON_IETF) writes 64-bit integers and decimal64 (our real-valued leaves,
     * see planewatch-sim.yang) as strings, a decimal64 in plain notation.
     */
    static String json(TelemetryValue value, boolean ietf) {
        return switch (value) {
            case TelemetryValue.Uint u -> ietf ? quote(u.text()) : u.text();
            case TelemetryValue.Int i -> ietf ? quote(i.text()) : i.text();
            case TelemetryValue.Str s -> quote(s.value());
            case TelemetryValue.Bool b -> b.text();
            case TelemetryValue.Real r ->
                Double.isFinite(r.value())
                        ? (ietf ? quote(BigDecimal.valueOf(r.value()).toPlainString()) : r.text())
                        : quote(r.text());
        };
    }

    private static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** A Set value as the model's value; only scalar PROTO fields and JSON scalars are accepted. */
    public static TelemetryValue fromProto(TypedValue value) {
        return switch (value.getValueCase()) {
            case UINT_VAL -> new TelemetryValue.Uint(value.getUintVal());
            case INT_VAL -> new TelemetryValue.Int(value.getIntVal());
            case STRING_VAL -> new TelemetryValue.Str(value.getStringVal());
            case BOOL_VAL -> new TelemetryValue.Bool(value.getBoolVal());
            case DOUBLE_VAL -> new TelemetryValue.Real(value.getDoubleVal());
            case JSON_VAL -> fromJson(value.getJsonVal().toStringUtf8());
            case JSON_IETF_VAL -> fromJson(value.getJsonIetfVal().toStringUtf8());
            default ->
                throw GnmiException.invalidArgument(
                        "value type " + value.getValueCase()
                                + " is not accepted; send uint_val, int_val, string_val, bool_val, double_val or a JSON scalar");
        };
    }

    private static TelemetryValue fromJson(String json) {
        String s = json.strip();
        if (s.equals("true") || s.equals("false")) {
            return new TelemetryValue.Bool(Boolean.parseBoolean(s));
        }
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            String inner = s.substring(1, s.length() - 1);
            return inner.matches("[0-9]+")
                    ? new TelemetryValue.Uint(Long.parseUnsignedLong(inner))
                    : new TelemetryValue.Str(inner);
        }
        try {
            if (s.matches("[0-9]+")) {
                return new TelemetryValue.Uint(Long.parseUnsignedLong(s));
            }
            if (s.matches("-[0-9]+")) {
                return new TelemetryValue.Int(Long.parseLong(s));
            }
            return new TelemetryValue.Real(Double.parseDouble(s));
        } catch (NumberFormatException e) {
            throw GnmiException.invalidArgument("JSON value '" + ClientText.shown(json) + "' is not a scalar");
        }
    }
}
