package org.planewatch.collector.kafka.rollup;

import java.util.Map;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.WriteBufferManager;

/**
 * Bounds what the rollups' on-disk stores take off the heap: every store of the process shares one
 * block cache and one write-buffer budget, counted in that cache (Kafka Streams' default gives each
 * store of each task its own 50 MB cache and three 16 MB write buffers: with two dozen tasks, more
 * native memory than the stores hold). The stores are read whole only when a task starts (ADR 0143),
 * so a small cache costs nothing on the way.
 */
public final class BoundedRocksDb implements RocksDBConfigSetter {
    /** Block cache and write buffers of every store of this process together. */
    static final long CACHE_BYTES = 64L << 20;

    /** The share of {@link #CACHE_BYTES} memtables may take before they are flushed. */
    static final long WRITE_BUFFER_BYTES = 32L << 20;

    private static final Cache CACHE = new LRUCache(CACHE_BYTES);
    private static final WriteBufferManager WRITE_BUFFERS = new WriteBufferManager(WRITE_BUFFER_BYTES, CACHE);

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(CACHE);
        table.setCacheIndexAndFilterBlocks(true); // in the budget too, not beside it
        options.setTableFormatConfig(table);
        options.setWriteBufferManager(WRITE_BUFFERS);
        options.setWriteBufferSize(4L << 20);
        options.setMaxWriteBufferNumber(2);
    }

    @Override
    public void close(String storeName, Options options) {
        // The cache and budget are the process's, shared by the stores still open: never closed here.
    }
}
