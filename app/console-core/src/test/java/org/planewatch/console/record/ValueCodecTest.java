package org.planewatch.console.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.value.TelemetryValue;

class ValueCodecTest {
    private final Dictionary dictionary = new Dictionary();

    /** Values as a leaf sees them: counters creeping up, repeats, resets, texts, flags, decimals, changes of type. */
    private TelemetryValue randomValue(SplittableRandom random, TelemetryValue previous) {
        return switch (random.nextInt(9)) {
            case 0, 1 -> previous == null ? new TelemetryValue.Uint(5) : previous;
            case 2, 3 ->
                previous instanceof TelemetryValue.Uint u
                        ? new TelemetryValue.Uint(u.value() + random.nextInt(1000))
                        : new TelemetryValue.Uint(random.nextLong(Long.MAX_VALUE));
            case 4 -> new TelemetryValue.Uint(random.nextInt(3));
            case 5 -> new TelemetryValue.Int(random.nextLong() / 3);
            case 6 -> new TelemetryValue.Str(random.nextBoolean() ? "UP" : "DOWN");
            case 7 -> new TelemetryValue.Bool(random.nextBoolean());
            default -> new TelemetryValue.Real(random.nextDouble());
        };
    }

    @Test
    void encodesALeafsChangesAsTheValueComparisonDoesAndDecodesThemBack() {
        SplittableRandom random = new SplittableRandom(11);
        LeafValues written = new LeafValues();
        LeafValues read = new LeafValues();
        StringValues strings = new StringValues(dictionary);
        TelemetryValue[] previous = new TelemetryValue[8];
        for (int i = 0; i < 20_000; i++) {
            int leaf = random.nextInt(previous.length);
            TelemetryValue value = randomValue(random, previous[leaf]);
            ByteOutput byObject = new ByteOutput();
            ValueCodec.writeChange(byObject, previous[leaf], value, dictionary);
            ByteOutput byTable = new ByteOutput();
            ValueCodec.writeChange(byTable, written, leaf, value, dictionary);
            assertArrayEquals(byObject.toArray(), byTable.toArray(), "bytes of update " + i);
            written.set(leaf, value, i, 1);

            byte[] bytes = byTable.toArray();
            ValueCodec.readInto(new ByteInput(bytes, bytes.length), read, leaf, i, 1, strings);
            assertEquals(value, read.value(leaf), "decoded update " + i);
            assertEquals(i, read.timestamp(leaf));
            previous[leaf] = value;
        }
    }

    @Test
    void decodedTextsAreSharedPerDictionaryString() {
        StringValues strings = new StringValues(dictionary);
        int id = dictionary.stringId("UP");
        assertSame(strings.value(id), strings.value(id));
        assertEquals(new TelemetryValue.Str("UP"), strings.value(id));
    }

    @Test
    void aChangeToALeafWithoutACounterIsDamagedData() {
        LeafValues values = new LeafValues();
        values.set(0, new TelemetryValue.Str("UP"), 0, 0);
        byte[] delta = {ValueCodec.UINT_DELTA, 2};
        assertThrows(
                ByteInput.CorruptDataException.class,
                () -> ValueCodec.readInto(
                        new ByteInput(delta, delta.length), values, 0, 1, 0, new StringValues(dictionary)));
        byte[] same = {ValueCodec.SAME};
        assertThrows(
                ByteInput.CorruptDataException.class,
                () -> ValueCodec.readInto(
                        new ByteInput(same, same.length), values, 1, 1, 0, new StringValues(dictionary)));
    }
}
