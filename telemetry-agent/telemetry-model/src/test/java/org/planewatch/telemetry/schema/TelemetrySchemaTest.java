package org.planewatch.telemetry.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planewatch.telemetry.path.PathPattern;
import org.planewatch.telemetry.path.TelemetryPath;

class TelemetrySchemaTest {

    private final TelemetrySchema schema = TelemetrySchema.get();

    @Test
    void findsTheDefinitionOfAConcreteLeaf() {
        LeafDefinition leaf = schema.find(
                        TelemetryPath.parse("/interfaces/interface[name=eth0]/state/counters/trim-pkts"))
                .orElseThrow();
        assertEquals(LeafKind.COUNTER, leaf.kind());
        assertEquals(ValueType.UINT64, leaf.type());
        assertEquals(
                ModelInfo.OPENCONFIG_QOS,
                leaf.model(),
                "openconfig-qos augments the interface counters with trim-pkts");
    }

    @Test
    void unknownLeavesAreNotFound() {
        assertTrue(schema.find(TelemetryPath.parse("/interfaces/interface[name=eth0]/state/bogus"))
                .isEmpty());
    }

    @Test
    void everyPathGroupOfTheSpecificationIsDefined() {
        for (String path : List.of(
                "/interfaces/interface[name=x]/state/oper-status",
                "/interfaces/interface[name=x]/state/counters/dropped-trim-pkts",
                "/qos/interfaces/interface[interface-id=x]/output/queues/queue[name=q]/state/avg-queue-len",
                "mrc:/planes/plane[id=0]/state/evs-denied",
                "mrc:/qps/qp[qpn=1]/state/msgs-completed",
                "mrc:/qps/qp[qpn=1]/evs/ev[id=2]/state/last-change",
                "mrc:/events/event[seq=5]/state/reason",
                "mrc:/events/state/next-seq",
                "mrc:/events/state/dropped-events",
                "sim:/clock/state/dilation",
                "sim:/links/link[name=l]/config/state",
                "sim:/switches/switch[name=s]/config/reboot",
                "sim:/planes/plane[id=1]/config/state")) {
            assertTrue(schema.find(TelemetryPath.parse(path)).isPresent(), path);
        }
    }

    @Test
    void targetDefinedSamplesCountersAndStreamsStatesOnChange() {
        assertTrue(schema.find(TelemetryPath.parse("mrc:/planes/plane[id=0]/state/tx-pkts"))
                .orElseThrow()
                .kind()
                .sampledWhenTargetDefined());
        assertFalse(schema.find(TelemetryPath.parse("mrc:/events/event[seq=1]/state/reason"))
                .orElseThrow()
                .kind()
                .sampledWhenTargetDefined());
    }

    @Test
    void wildcardsDoNotReachPerEvLeavesUnlessNamed() {
        TelemetryPath evLeaf = TelemetryPath.parse("mrc:/qps/qp[qpn=1]/evs/ev[id=2]/state/tx-pkts");
        assertFalse(schema.selects(PathPattern.parse("mrc:/"), evLeaf));
        assertFalse(schema.selects(PathPattern.parse("mrc:/qps/qp[qpn=1]"), evLeaf));
        assertTrue(schema.selects(PathPattern.parse("mrc:/qps/qp[qpn=1]/evs"), evLeaf));
        assertTrue(schema.selectedBy(PathPattern.parse("mrc:/")).stream()
                .noneMatch(l -> l.template().toString().contains("/evs/")));
    }

    @Test
    void aPatternThatNamesNothingSelectsNoLeaf() {
        assertTrue(schema.selectedBy(PathPattern.parse("/system/cpus")).isEmpty());
        List<String> underState =
                schema.selectedBy(PathPattern.parse("/interfaces/interface[name=eth9]/state/*")).stream()
                        .map(LeafDefinition::name)
                        .toList();
        assertTrue(underState.contains("oper-status") && underState.contains("in-octets"), underState.toString());
        assertFalse(underState.contains("transmit-pkts"), underState.toString());
        assertFalse(schema.selectedBy(PathPattern.parse("/.../in-octets")).isEmpty());
    }
}
