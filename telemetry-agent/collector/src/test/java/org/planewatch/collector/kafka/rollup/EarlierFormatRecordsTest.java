package org.planewatch.collector.kafka.rollup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;
import org.planewatch.collector.rollup.LinkPartial;
import org.planewatch.collector.rollup.PlaneInput;
import org.planewatch.collector.rollup.RollupOutput;
import org.planewatch.collector.rollup.RollupTimings;
import org.planewatch.console.state.AlarmThresholds;
import org.planewatch.fleet.RollupJson;

/**
 * Across the upgrade to the binary format (ADR 0135): a view the earlier collectors left in the
 * by-plane stage's store as JSON is dropped when the stage starts, and the stage goes on with the
 * rest; bytes of neither format still stop it with a message.
 */
class EarlierFormatRecordsTest {
    private static final String KEPT = "p0-t0-0~p0-t1-0";
    private static final String EARLIER = "p0-t0-1~p0-t1-0";

    @Test
    void aViewLeftAsJsonByAnEarlierCollectorIsDroppedWhenTheStageStartsAndTheRestIsRolledUp() {
        MockProcessorContext<String, RollupOutput> context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(1_000);
        KeyValueStore<Bytes, byte[]> raw =
                Stores.inMemoryKeyValueStore(PlaneStage.STORE).get();
        KeyValueStore<String, PlaneInput> store = Stores.keyValueStoreBuilder(
                        over(raw), Serdes.String(), new PlaneInputSerde())
                .withLoggingDisabled()
                .build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        store.put("link|" + KEPT + "|0_1", PlaneInput.of(view(KEPT)));
        Bytes earlierKey = Bytes.wrap(("link|" + EARLIER + "|0_1").getBytes(StandardCharsets.UTF_8));
        byte[] json = RollupJson.encode(PlaneInput.of(view(EARLIER)));
        assertEquals('{', json[0], "the earlier collectors wrote a JSON object");
        raw.put(earlierKey, json);

        PlaneStage stage = new PlaneStage(AlarmThresholds.defaults(), new RollupTimings());
        stage.init(context);

        assertNull(raw.get(earlierKey), "the earlier record is gone from the store");
        assertNotNull(store.get("link|" + KEPT + "|0_1"), "the view of this format is kept");
        context.scheduledPunctuators()
                .getFirst()
                .getPunctuator()
                .punctuate(Duration.ofSeconds(1).toMillis());
        List<String> links = context.forwarded().stream()
                .map(MockProcessorContext.CapturedForward::record)
                .filter(r -> r.value().kind() == RollupOutput.Kind.LINKS)
                .map(r -> (String) r.key())
                .toList();
        assertEquals(List.of(KEPT), links, "the kept view is rolled up; the dropped one is not");
    }

    @Test
    void bytesOfNeitherFormatStopTheStageSayingWhatIsWrong() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> new PlaneInputSerde().deserializer().deserialize("rollup-partials", new byte[] {7, 2, 0}));
        assertEquals(
                "not a rollup input record (3 bytes, at byte 0): format 7, this collector reads format 1",
                refused.getMessage());
    }

    private static LinkPartial view(String link) {
        return new LinkPartial("0_1", link, 0, "T0_T1", true, 1e9, 0.0, 0.0, 100e9);
    }

    /** A supplier of the very store the test writes raw bytes into. */
    private static KeyValueBytesStoreSupplier over(KeyValueStore<Bytes, byte[]> raw) {
        return new KeyValueBytesStoreSupplier() {
            @Override
            public String name() {
                return raw.name();
            }

            @Override
            public KeyValueStore<Bytes, byte[]> get() {
                return raw;
            }

            @Override
            public String metricsScope() {
                return "in-memory";
            }
        };
    }
}
