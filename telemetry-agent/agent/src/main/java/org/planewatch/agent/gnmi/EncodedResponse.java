package org.planewatch.agent.gnmi;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * A SubscribeResponse already in its protobuf wire form ({@link ResponseEncoder}): the Subscribe
 * method's responses travel as these, so gRPC copies bytes instead of walking message objects.
 *
 * @param bytes holds the message at {@code offset}, {@code length} bytes; never changed once built
 */
record EncodedResponse(byte[] bytes, int offset, int length) {

    /** The response marshaller of the agent's Subscribe method. */
    static final MethodDescriptor.Marshaller<EncodedResponse> MARSHALLER = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(EncodedResponse value) {
            return new Bytes(value);
        }

        @Override
        public EncodedResponse parse(InputStream stream) {
            try {
                byte[] all = stream.readAllBytes();
                return new EncodedResponse(all, 0, all.length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    /** What gRPC reads: it knows its length and drains into the transport's buffer in one copy. */
    private static final class Bytes extends InputStream implements KnownLength, Drainable {
        private final byte[] bytes;
        private int position;
        private final int end;

        Bytes(EncodedResponse response) {
            this.bytes = response.bytes();
            this.position = response.offset();
            this.end = response.offset() + response.length();
        }

        @Override
        public int drainTo(OutputStream target) throws IOException {
            int n = end - position;
            target.write(bytes, position, n);
            position = end;
            return n;
        }

        @Override
        public int available() {
            return end - position;
        }

        @Override
        public int read() {
            return position < end ? bytes[position++] & 0xff : -1;
        }

        @Override
        public int read(byte[] into, int off, int len) {
            if (position >= end) {
                return -1;
            }
            int n = Math.min(len, end - position);
            System.arraycopy(bytes, position, into, off, n);
            position += n;
            return n;
        }
    }
}
