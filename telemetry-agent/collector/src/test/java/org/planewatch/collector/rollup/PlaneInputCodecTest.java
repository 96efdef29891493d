package org.planewatch.collector.rollup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The by-plane stage's input survives its repartition topic and store, and damaged bytes are refused, not misread. */
class PlaneInputCodecTest {
    private static final LinkPartial LINK =
            new LinkPartial("0_7", "p3-t0-12~p3-t1-200", 3, "T0_T1", false, 41.5e9, Double.NaN, 0.25, 100e9);

    @Test
    void everyKindOfInputComesBackEqualWithUnknownFiguresStillUnknown() {
        List<PlaneInput> inputs = List.of(
                PlaneInput.of(new PlanePartial("0_1", 5, 256, 3, 9_000_000_000L, 17, 3.2e12, null, 12.5)),
                PlaneInput.of(LINK),
                PlaneInput.gone("0_2", "hôst-ü~p0-t0-1", 0),
                PlaneInput.of(new PlaneInput.Decision("sim:p1", new byte[] {10, 0, -1, 42})));
        for (PlaneInput input : inputs) {
            PlaneInput back = PlaneInputCodec.decode(PlaneInputCodec.encode(input));
            if (input.decision() != null) {
                assertEquals(input.decision().source(), back.decision().source());
                assertArrayEquals(
                        input.decision().notification(), back.decision().notification());
            } else {
                assertEquals(input, back);
            }
        }
        assertTrue(Double.isNaN(PlaneInputCodec.decode(PlaneInputCodec.encode(PlaneInput.of(LINK)))
                .link()
                .trimRate()));
    }

    @Test
    void aDecisionLargerThanTheFirstBufferIsWrittenWhole() {
        byte[] notification = new byte[10_000];
        Arrays.fill(notification, (byte) 7);
        PlaneInput back = PlaneInputCodec.decode(
                PlaneInputCodec.encode(PlaneInput.of(new PlaneInput.Decision("sim:p1", notification))));
        assertArrayEquals(notification, back.decision().notification());
    }

    @Test
    void aLinkViewTakesAboutAQuarterOfItsJson() {
        int bytes = PlaneInputCodec.encode(PlaneInput.of(LINK)).length;
        assertEquals(1 + 1 + (4 + 3) + (4 + 18) + 4 + (4 + 5) + 1 + 4 * 8, bytes);
    }

    @Test
    void damagedRecordsAreRefusedSayingWhatIsWrongAndWhere() {
        byte[] good = PlaneInputCodec.encode(PlaneInput.of(LINK));

        byte[] otherFormat = good.clone();
        otherFormat[0] = 9;
        assertEquals(
                "not a rollup input record (" + good.length + " bytes, at byte 0): format 9, this collector reads"
                        + " format 1",
                assertThrows(IllegalArgumentException.class, () -> PlaneInputCodec.decode(otherFormat))
                        .getMessage());

        byte[] unknownKind = good.clone();
        unknownKind[1] = 77;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PlaneInputCodec.decode(unknownKind))
                .getMessage()
                .endsWith("at byte 1): unknown kind 77"));

        byte[] cut = Arrays.copyOf(good, good.length - 3);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PlaneInputCodec.decode(cut))
                .getMessage()
                .endsWith("the record ends inside a field"));

        byte[] longName = good.clone();
        longName[2] = 1; // the task's length: 16 MB more than the record holds
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PlaneInputCodec.decode(longName))
                .getMessage()
                .contains("at byte 2): a name of 16777219 bytes"));

        byte[] trailing = Arrays.copyOf(good, good.length + 2);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PlaneInputCodec.decode(trailing))
                .getMessage()
                .endsWith("2 bytes after the record's last field"));
        assertEquals(18, "p3-t0-12~p3-t1-200".getBytes(StandardCharsets.UTF_8).length);
    }
}
