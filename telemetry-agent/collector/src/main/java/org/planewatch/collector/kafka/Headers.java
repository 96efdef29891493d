package org.planewatch.collector.kafka;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

/** The headers of every record a collector writes: the target it came through and the collector. */
public final class Headers {
    public static final String SOURCE = "planewatch-source";
    public static final String COLLECTOR = "planewatch-collector";

    private Headers() {}

    static RecordHeaders of(String source, String collector) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(SOURCE, source.getBytes(StandardCharsets.UTF_8));
        headers.add(COLLECTOR, collector.getBytes(StandardCharsets.UTF_8));
        return headers;
    }

    /** The value of header {@code name}, or {@code otherwise}. */
    public static String text(org.apache.kafka.common.header.Headers headers, String name, String otherwise) {
        Header header = headers.lastHeader(name);
        return header == null ? otherwise : new String(header.value(), StandardCharsets.UTF_8);
    }
}
