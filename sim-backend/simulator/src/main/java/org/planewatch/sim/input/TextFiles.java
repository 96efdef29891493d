package org.planewatch.sim.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Input files (scenarios, connection matrices) are UTF-8 text: a file that is not says so and where,
 * instead of the decoder's {@code MalformedInputException}, and is never echoed back.
 */
public final class TextFiles {

    private static final int CHUNK = 64 * 1024;

    private TextFiles() {}

    /** A file that is not UTF-8 text: the problem, with the byte offset where it shows. */
    public static final class NotTextException extends Exception {
        private static final long serialVersionUID = 1L;

        NotTextException(String problem) {
            super(problem);
        }
    }

    /**
     * Reads a whole text file of at most {@code maxBytes}.
     *
     * @throws NotTextException if it is larger, not UTF-8, or holds control characters other than tab and line ends
     * @throws IOException if it cannot be read
     */
    public static String read(Path file, long maxBytes) throws IOException, NotTextException {
        long size = Files.size(file);
        if (size > maxBytes) {
            throw new NotTextException(
                    String.format(Locale.ROOT, "file too large: %,d bytes (the limit is %,d)", size, maxBytes));
        }
        requireText(file);
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /**
     * Checks that a file is UTF-8 text, reading it once in chunks (any size).
     *
     * @throws NotTextException naming the first byte that is not: invalid UTF-8 or a control character
     */
    public static void requireText(Path file) throws IOException, NotTextException {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.allocate(CHUNK);
        CharBuffer chars = CharBuffer.allocate(CHUNK);
        long consumed = 0;
        try (InputStream in = Files.newInputStream(file)) {
            boolean end = false;
            while (!end) {
                int read = in.read(bytes.array(), bytes.position(), bytes.remaining());
                end = read < 0;
                if (!end) {
                    bytes.position(bytes.position() + read);
                }
                bytes.flip();
                int control = firstControlByte(bytes);
                ByteBuffer upToControl = bytes.duplicate();
                if (control >= 0) {
                    upToControl.limit(control);
                }
                // A control byte ends the text to check: a sequence it cuts short is invalid UTF-8 before it.
                CoderResult result = decode(decoder, upToControl, chars, end || control >= 0);
                if (result.isError()) {
                    throw new NotTextException(
                            "not a text file: invalid UTF-8 at byte " + (consumed + upToControl.position()));
                }
                if (control >= 0) {
                    throw new NotTextException("not a text file: control character "
                            + String.format(Locale.ROOT, "0x%02x", bytes.get(control)) + " at byte "
                            + (consumed + control));
                }
                consumed += upToControl.position();
                bytes.position(upToControl.position());
                bytes.compact();
            }
        }
    }

    /** Why a file could not be read, without the exception's class name: {@code no such file}, {@code is a directory}. */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static CoderResult decode(CharsetDecoder decoder, ByteBuffer in, CharBuffer scratch, boolean end) {
        while (true) {
            scratch.clear();
            CoderResult result = decoder.decode(in, scratch, end);
            if (!result.isOverflow()) {
                return result;
            }
        }
    }

    /** Index of the first C0 control byte other than tab, line feed and carriage return, or -1. */
    private static int firstControlByte(ByteBuffer bytes) {
        for (int i = bytes.position(); i < bytes.limit(); i++) {
            byte b = bytes.get(i);
            if (b >= 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r') {
                return i;
            }
        }
        return -1;
    }
}
