package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/recording-format.md describes the blocks the writer writes: zlib streams (a two-byte header,
 * deflate data, an Adler-32 checksum), which a reader of the format must open as zlib, not as raw
 * deflate (the document said raw deflate; a reader written from it failed on every block).
 */
class RecordingFormatDocTest {
    @TempDir
    Path dir;

    @Test
    void dataBlocksAreZlibStreamsAsTheFormatDocumentSays() throws Exception {
        Path file = dir.resolve("doc.pwrec");
        DamagedRecordings.recorded(file, 10);
        byte[] block;
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT data FROM batches WHERE seq = 5")) {
            block = rs.getBytes(1);
        }
        assertEquals(0x78, block[0] & 0xff, "zlib header: deflate with a 32 KiB window");
        assertEquals(0, ((block[0] & 0xff) * 256 + (block[1] & 0xff)) % 31, "zlib header check bits");
        assertEquals(
                BatchCodec.FORMAT,
                inflate(new Inflater(), block)[0],
                "a zlib stream whose first byte is the block format");
        assertThrows(DataFormatException.class, () -> inflate(new Inflater(true), block), "not raw deflate");

        String format = Files.readString(Path.of("../../docs/recording-format.md"));
        String blocks = format.substring(format.indexOf("## Data blocks"), format.indexOf("## Reading it"));
        assertTrue(blocks.contains("zlib"), "the data blocks section says zlib");
        assertFalse(format.contains("raw-deflate") || format.contains("raw deflate stream"), "and nowhere raw deflate");
    }

    private static byte[] inflate(Inflater inflater, byte[] block) throws DataFormatException {
        inflater.setInput(block);
        byte[] out = new byte[1 << 20];
        int length = inflater.inflate(out);
        if (!inflater.finished()) {
            throw new DataFormatException("not a complete stream");
        }
        return Arrays.copyOf(out, length);
    }
}
