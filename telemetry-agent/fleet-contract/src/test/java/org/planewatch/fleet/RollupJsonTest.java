package org.planewatch.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The rollup records as the collectors write them and any reader reads them back. */
class RollupJsonTest {
    @Test
    void aPlaneRollupReadsBackAsWrittenWithRatesNotKnownYetAsNull() {
        PlaneRollup plane = new PlaneRollup(3, 1_000, 16, 8, 0.75, 24, 8, null, 1.5, null, 1, 16, 0.2, 0.9, 2, 0, 0);
        byte[] json = RollupJson.encode(plane);
        assertTrue(new String(json, StandardCharsets.UTF_8).contains("\"goodputBps\":null"));
        assertEquals(plane, RollupJson.decode(json, PlaneRollup.class));
        assertNull(RollupJson.known(Double.NaN));
        assertNull(RollupJson.known(Double.POSITIVE_INFINITY));
    }

    @Test
    void aPlaneRollupCountsItsUnheardDevicesAndOneWrittenBeforeThatFieldReadsAsAllHeard() {
        PlaneRollup partly = new PlaneRollup(3, 1_000, 16, 8, 0.75, 24, 8, null, 1.5, null, 1, 16, 0.2, 0.9, 2, 6, 3);
        PlaneRollup read = RollupJson.decode(RollupJson.encode(partly), PlaneRollup.class);
        assertEquals(partly, read);
        assertEquals(6, read.hostsUnheard());
        assertEquals(3, read.switchesUnheard());
        assertTrue(read.partlyUnheard());

        String earlier = "{\"plane\":2,\"atMillis\":5,\"hosts\":4,\"switches\":2,\"pathHealth\":1.0,\"evsGood\":8,"
                + "\"evsOutOfService\":0,\"goodputBps\":null,\"lastHopTrimRate\":null,\"fabricTrimRate\":null,"
                + "\"linksDown\":0,\"linksTotal\":4,\"coreUtilizationMean\":null,\"coreUtilizationMax\":null,"
                + "\"suspects\":0}";
        PlaneRollup old = RollupJson.decode(earlier.getBytes(StandardCharsets.UTF_8), PlaneRollup.class);
        assertEquals(4, old.hosts());
        assertFalse(old.partlyUnheard(), old.toString());
    }

    @Test
    void everyFigureReadsBackToTheSameDoubleAndIsWrittenAsJavaWritesIt() {
        SplittableRandom random = new SplittableRandom(21);
        for (int i = 0; i < 20_000; i++) {
            // Any bit pattern of a finite double: tiny, subnormal and huge figures as well as rates.
            double value = Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(value)) {
                continue;
            }
            double utilization = random.nextDouble();
            LinkRollup link = new LinkRollup("a~b", 0, "T0_T1", "UP", value, utilization, 0.0, null, 100e9, i);
            byte[] json = RollupJson.encode(link);
            LinkRollup read = RollupJson.decode(json, LinkRollup.class);
            assertEquals(
                    Double.doubleToLongBits(value), Double.doubleToLongBits(read.bitsPerSecond()), () -> "" + value);
            assertEquals(utilization, read.utilization());
            assertTrue(
                    new String(json, StandardCharsets.UTF_8).contains("\"utilization\":" + utilization + ","),
                    new String(json, StandardCharsets.UTF_8));
        }
    }

    @Test
    void aFieldAReaderDoesNotKnowIsSkippedSoWritersCanAddFields() {
        String json = "{\"key\":\"k\",\"kind\":\"LINK_DOWN\",\"subject\":\"a~b\",\"plane\":1,\"severity\":\"MAJOR\","
                + "\"message\":\"m\",\"raisedAtMillis\":5,\"addedLater\":true}";
        AlarmRollup alarm = RollupJson.decode(json.getBytes(StandardCharsets.UTF_8), AlarmRollup.class);
        assertEquals("a~b", alarm.subject());
    }

    @Test
    void aValueThatIsNotARecordSaysWhichRecordWasExpected() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> RollupJson.decode("not json".getBytes(StandardCharsets.UTF_8), LinkRollup.class));
        assertTrue(e.getMessage().startsWith("not a LinkRollup record"), e.getMessage());
    }
}
