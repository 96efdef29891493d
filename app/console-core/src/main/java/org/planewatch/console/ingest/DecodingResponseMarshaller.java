package org.planewatch.console.ingest;

import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.Optional;
import org.planewatch.console.telemetry.IngestEvent;

/**
 * The client-side response marshaller of one connection's Subscribe calls: gRPC hands it each message's bytes and
 * it returns the decoded {@link IngestEvent} (empty for responses the console does not use), so no
 * protobuf {@code SubscribeResponse} is ever built on the hot path. gRPC calls it on each call's
 * serialized executor; the calls of one connection take turns (one buffer and one set of caches for
 * them all, however many per-device streams the connection carries).
 */
final class DecodingResponseMarshaller implements MethodDescriptor.Marshaller<Optional<IngestEvent>> {
    private final SubscribeResponseDecoder decoder;
    private final InstantSource clock;
    private byte[] buffer = new byte[64 << 10];

    DecodingResponseMarshaller(String source, String defaultTarget, InstantSource clock) {
        this.decoder = new SubscribeResponseDecoder(source, defaultTarget);
        this.clock = clock;
    }

    @Override
    public InputStream stream(Optional<IngestEvent> value) {
        throw new UnsupportedOperationException("the console only receives Subscribe responses, it never sends them");
    }

    /** Synchronized: the streams of one connection share this decoder, and each call parses on its own executor. */
    @Override
    public synchronized Optional<IngestEvent> parse(InputStream stream) {
        try {
            int length = read(stream);
            return Optional.ofNullable(decoder.decode(buffer, length, clock.millis()));
        } catch (IOException e) {
            throw new UncheckedIOException("reading a Subscribe response: " + e.getMessage(), e);
        }
    }

    private int read(InputStream stream) throws IOException {
        if (stream instanceof KnownLength) {
            ensure(stream.available());
        }
        int length = 0;
        while (true) {
            if (length == buffer.length) {
                ensure(length * 2);
            }
            int n = stream.read(buffer, length, buffer.length - length);
            if (n < 0) {
                return length;
            }
            length += n;
        }
    }

    private void ensure(int capacity) {
        if (capacity > buffer.length) {
            buffer = Arrays.copyOf(buffer, capacity);
        }
    }
}
