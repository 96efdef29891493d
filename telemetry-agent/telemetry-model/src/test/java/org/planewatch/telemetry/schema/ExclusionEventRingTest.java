package org.planewatch.telemetry.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.TelemetryPath;

/** The ring's path rule: what the agent builds is what the console recognises, and nothing else. */
class ExclusionEventRingTest {

    @Test
    void aDecisionsFieldIsBuiltInTheWireForm() {
        // The wire text is the point here: recordings and other clients depend on it.
        assertEquals(
                "mrc:/events/event[seq=42]/state/from-state",
                ExclusionEventRing.field(42, ExclusionEventRing.FROM_STATE).toString());
        assertEquals(
                "mrc:/events/state/next-seq",
                ExclusionEventRing.RING_STATE.child(ExclusionEventRing.NEXT_SEQ).toString());
    }

    @Test
    void everyBuiltFieldIsReadBackWithItsSequenceNumber() {
        for (String field : ExclusionEventRing.FIELDS) {
            TelemetryPath path = ExclusionEventRing.field(7, field);
            assertTrue(ExclusionEventRing.isField(path), path.toString());
            assertEquals("7", ExclusionEventRing.seqText(path));
            assertTrue(TelemetrySchema.get().find(path).isPresent(), path + " is not in the schema");
        }
    }

    @Test
    void theRingsOwnStateAndOtherSubtreesAreNotEntries() {
        assertNull(ExclusionEventRing.seqText(ExclusionEventRing.RING_STATE.child(ExclusionEventRing.NEXT_SEQ)));
        assertNull(ExclusionEventRing.seqText(TelemetryPath.parse("/events/event[seq=1]/state/qpn")));
        assertNull(ExclusionEventRing.seqText(TelemetryPath.parse("mrc:/events/event[id=1]/state/qpn")));
        assertFalse(ExclusionEventRing.isField(TelemetryPath.parse("mrc:/events/event[seq=1]")));
        assertTrue(ExclusionEventRing.isInEntry(TelemetryPath.parse("mrc:/events/event[seq=1]")));
        assertEquals("*", ExclusionEventRing.seqText(ExclusionEventRing.FIELDS_TEMPLATE));
    }
}
