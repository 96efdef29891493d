package org.planewatch.console.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;
import org.planewatch.telemetry.value.TelemetryValue;

class UpdateColumnsTest {
    private static final TelemetryPath COUNTER =
            TelemetryPath.parse("/interfaces/interface[name=eth1]/state/counters/out-octets");
    private static final TelemetryPath REASON = TelemetryPath.parse("mrc:/events/event[seq=*]/state/reason");

    @Test
    void readsAsTheListOfUpdatesItHolds() {
        UpdateColumns columns = new UpdateColumns.Builder(1)
                .add(COUNTER, new TelemetryValue.Uint(7))
                .addKeyed(REASON, 42, new TelemetryValue.Str("LOSS_TIMER"))
                .add(COUNTER, new TelemetryValue.Uint(9))
                .build();
        assertEquals(
                List.of(
                        new TelemetryUpdate(COUNTER, new TelemetryValue.Uint(7)),
                        new TelemetryUpdate(
                                TelemetryPath.parse("mrc:/events/event[seq=42]/state/reason"),
                                new TelemetryValue.Str("LOSS_TIMER")),
                        new TelemetryUpdate(COUNTER, new TelemetryValue.Uint(9))),
                List.copyOf(columns));
        assertFalse(columns.isKeyed(0));
        assertTrue(columns.isKeyed(1));
        assertEquals(42, columns.key(1));
        assertSame(REASON, columns.pathOrTemplate(1));
    }

    @Test
    void aNotificationKeepsColumnsAsTheyAre() {
        UpdateColumns columns = new UpdateColumns.Builder(1)
                .add(COUNTER, new TelemetryValue.Uint(1))
                .build();
        IngestEvent.Notification n = new IngestEvent.Notification("s", "t", 0, columns, List.of(), 0);
        assertSame(columns, n.updates());
    }

    @Test
    void fillingAPathWithoutATemplateKeyIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PathColumns.fill(COUNTER, 3));
        assertThrows(
                IllegalArgumentException.class,
                () -> new UpdateColumns.Builder(1).addKeyed(REASON, -1, new TelemetryValue.Uint(1)));
    }

    @Test
    void isImmutable() {
        UpdateColumns columns = new UpdateColumns.Builder(1)
                .add(COUNTER, new TelemetryValue.Uint(1))
                .build();
        assertThrows(
                UnsupportedOperationException.class,
                () -> columns.add(new TelemetryUpdate(COUNTER, new TelemetryValue.Uint(2))));
        assertThrows(
                UnsupportedOperationException.class,
                () -> columns.set(0, new TelemetryUpdate(COUNTER, new TelemetryValue.Uint(2))));
    }

    @Test
    void keepsIntegersAsNumbersAndReadsThemAsValues() {
        UpdateColumns columns = new UpdateColumns.Builder(1)
                .addUint(COUNTER, 1L << 40)
                .add(COUNTER, new TelemetryValue.Int(-3))
                .add(COUNTER, new TelemetryValue.Bool(true))
                .addKeyed(REASON, 5, new TelemetryValue.Uint(2))
                .build();
        assertTrue(columns.isInteger(0));
        assertEquals(1L << 40, columns.number(0));
        assertEquals(new TelemetryValue.Uint(1L << 40), columns.value(0));
        assertEquals(new TelemetryValue.Int(-3), columns.value(1));
        assertFalse(columns.isInteger(2));
        assertEquals(new TelemetryValue.Bool(true), columns.value(2));
        assertTrue(columns.isInteger(3));
        UpdateColumns tail = columns.slice(2, 4);
        assertEquals(
                List.of(
                        new TelemetryUpdate(COUNTER, new TelemetryValue.Bool(true)),
                        new TelemetryUpdate(
                                TelemetryPath.parse("mrc:/events/event[seq=5]/state/reason"),
                                new TelemetryValue.Uint(2))),
                tail);
        assertEquals(5, tail.key(1));
        assertThrows(IndexOutOfBoundsException.class, () -> tail.value(2));
    }
}
