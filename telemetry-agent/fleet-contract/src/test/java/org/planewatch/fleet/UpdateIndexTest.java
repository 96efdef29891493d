package org.planewatch.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class UpdateIndexTest {
    @Test
    void keepsTheLatestRecordsOldestFirstAndDropsTheOldestBeyondWhatItKeeps() {
        UpdateIndex index = UpdateIndex.EMPTY;
        for (int i = 0; i < UpdateIndex.KEPT + 3; i++) {
            index = index.with(100 + 10L * i, 5_000 + 100L * i);
        }
        assertEquals(UpdateIndex.KEPT, index.entries().size());
        assertEquals(new UpdateIndex.Entry(130, 5_300), index.entries().getFirst());
        assertEquals(
                new UpdateIndex.Entry(100 + 10L * (UpdateIndex.KEPT + 2), 5_000 + 100L * (UpdateIndex.KEPT + 2)),
                index.entries().getLast());
    }

    @Test
    void dropsTheRecordsOlderThanItsSpanBeforeTheNewest() {
        UpdateIndex index = UpdateIndex.EMPTY.with(10, 0).with(20, 60_000).with(30, 120_000);
        assertEquals(3, index.entries().size());
        UpdateIndex later = index.with(40, 250_000);
        assertEquals(List.of(new UpdateIndex.Entry(30, 120_000), new UpdateIndex.Entry(40, 250_000)), later.entries());
    }

    @Test
    void aRecordReadAgainAfterARestartIsNotAddedTwice() {
        UpdateIndex index = UpdateIndex.EMPTY.with(40, 1).with(50, 2);
        assertSame(index, index.with(50, 2));
        assertSame(index, index.with(45, 2));
    }

    @Test
    void betweenKeepsTheRecordsOfTheLookBackBeforeTheGivenOffset() {
        UpdateIndex index = UpdateIndex.EMPTY
                .with(10, 1_000)
                .with(20, 2_000)
                .with(30, 3_000)
                .with(40, 4_000);
        assertEquals(
                List.of(new UpdateIndex.Entry(20, 2_000), new UpdateIndex.Entry(30, 3_000)), index.between(2_000, 40));
    }

    @Test
    void decodesWhatItEncodes() {
        UpdateIndex index = UpdateIndex.EMPTY.with(7, 70).with(1L << 40, 1_764_000_000_000L);
        assertEquals(index, UpdateIndex.decode(index.encode()));
        assertEquals(UpdateIndex.EMPTY, UpdateIndex.decode(UpdateIndex.EMPTY.encode()));
    }

    @Test
    void encodesARecordInAFewBytesAndATimestampThatStepsBack() {
        UpdateIndex index = UpdateIndex.EMPTY
                .with(5_000_000_000L, 1_764_000_000_000L)
                .with(5_000_000_012L, 1_764_000_060_000L)
                .with(5_000_000_020L, 1_764_000_059_000L); // another collector's clock, a second behind
        assertEquals(index, UpdateIndex.decode(index.encode()));
        assertTrue(index.encode().length < 2 + 10 + 12, index.encode().length + " bytes");
    }

    @Test
    void aDamagedRecordIsRefusedSayingWhatIsWrong() {
        byte[] good = UpdateIndex.EMPTY.with(7, 70).encode();
        byte[] cut = java.util.Arrays.copyOf(good, good.length - 1);
        IllegalArgumentException shortOne = assertThrows(IllegalArgumentException.class, () -> UpdateIndex.decode(cut));
        assertTrue(shortOne.getMessage().contains("ends inside a number"), shortOne.getMessage());
        byte[] longer = java.util.Arrays.copyOf(good, good.length + 2);
        IllegalArgumentException trailing =
                assertThrows(IllegalArgumentException.class, () -> UpdateIndex.decode(longer));
        assertTrue(trailing.getMessage().contains("2 bytes more"), trailing.getMessage());
        byte[] newer = good.clone();
        newer[0] = 9;
        IllegalArgumentException version =
                assertThrows(IllegalArgumentException.class, () -> UpdateIndex.decode(newer));
        assertTrue(version.getMessage().contains("version 9"), version.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UpdateIndex.decode(new byte[0]));
    }
}
