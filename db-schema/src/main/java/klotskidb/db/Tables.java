package klotskidb.db;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * The one place that sets table options. The column families and the SstFileWriters that bulk
 * load them agree on block size and compression; the bloom filter is written where a reader uses
 * it: the analysis families' files have one, the data families' files none ({@link #sstWriter}).
 */
final class Tables {
  static final long BLOCK_SIZE = 16 * 1024;
  static final int BLOOM_BITS = 10;
  /**
   * Ingested files sit in the bottom level and are never compacted: one compression for all.
   * ZSTD level 1: measured on the ids rows, half the files of LZ4 for a little more write time
   * (BENCHMARKS.md, row "LZ4 for the data families").
   */
  static final CompressionType COMPRESSION = CompressionType.ZSTD_COMPRESSION;
  static final int COMPRESSION_LEVEL = 1;

  private Tables() {}

  /** Block cache of a reader: point lookups of a warm working set skip decompression. */
  static final long READER_CACHE_BYTES = 256L << 20;

  /** Table settings; a reader of a data family leaves the bloom filter out (see readerFamily). */
  private static BlockBasedTableConfig table(boolean filter) {
    BlockBasedTableConfig table = new BlockBasedTableConfig()
        .setBlockSize(BLOCK_SIZE)
        .setWholeKeyFiltering(true);
    return filter ? table.setFilterPolicy(new BloomFilter(BLOOM_BITS, false)) : table;
  }

  private static CompressionOptions compression() {
    return new CompressionOptions().setLevel(COMPRESSION_LEVEL);
  }

  /** Options for a column family (caller closes). */
  static ColumnFamilyOptions columnFamily() {
    return columnFamily(null, true);
  }

  /**
   * Options for a reader of {@code family}: the filter is read only where it can spare a block
   * read. A data family is one sorted run (one ingested file, keys present for every layout), so
   * a look-up is one index search and one block with or without it; but a reader that knows the
   * filter loads it whole when the database opens (10 bits a key: 37 MB for each of cases, ids,
   * names and layers, 0.15 GB read and held by every {@code klotski info}). The analysis families
   * are stacks of overlapping runs (one per analysed class): there the filter skips most of them.
   */
  static ColumnFamilyOptions readerFamily(Cache cache, String family) {
    return columnFamily(cache, Schema.ANALYSIS_FAMILIES.contains(family));
  }

  private static ColumnFamilyOptions columnFamily(Cache cache, boolean filter) {
    BlockBasedTableConfig table = table(filter);
    if (cache != null) {
      table.setBlockCache(cache);
    }
    return new ColumnFamilyOptions()
        .setTableFormatConfig(table)
        .setCompressionType(COMPRESSION)
        .setCompressionOptions(compression())
        .setBottommostCompressionType(COMPRESSION)
        .setBottommostCompressionOptions(compression());
  }

  /**
   * Options for a family of the copy that {@link AnalysisWriter} adds classes to: the data
   * families, only carried along, leave the filter out as a reader's do (the copy is opened for
   * every publish: with the filters, each open read 0.15 GB of them and dropped it at close);
   * the families it writes keep theirs.
   */
  static ColumnFamilyOptions analysisWriterFamily(String family) {
    return columnFamily(null, !Schema.DATA_FAMILIES.contains(family)).setDisableAutoCompactions(true);
  }

  /** The default family and every family of the schema, in {@link Schema#ALL_FAMILIES} order. */
  static List<ColumnFamilyDescriptor> descriptors(ColumnFamilyOptions options) {
    List<ColumnFamilyDescriptor> out = new ArrayList<>();
    out.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, options));
    for (String cf : Schema.ALL_FAMILIES) {
      out.add(new ColumnFamilyDescriptor(
          cf.getBytes(StandardCharsets.UTF_8), options));
    }
    return out;
  }

  /**
   * Options for an SstFileWriter of {@code family} (caller closes): the table settings of {@link
   * #columnFamily}, the bloom filter only where readers use it ({@link #readerFamily}). A data
   * family's filter cost the build puts and room, and nothing read it (BENCHMARKS.md, row "the bloom
   * filter").
   */
  static Options sstWriter(String family) {
    return sstWriter(Schema.ANALYSIS_FAMILIES.contains(family));
  }

  static Options sstWriter(boolean filter) {
    return new Options()
        .setTableFormatConfig(table(filter))
        .setCompressionType(COMPRESSION)
        .setCompressionOptions(compression());
  }
}
