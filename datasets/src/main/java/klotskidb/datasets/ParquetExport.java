package klotskidb.datasets;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.AllLayouts;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.LayoutClass;
import klotskidb.enumerator.ShortCode;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Every stored fact as Parquet, for DuckDB, pandas, Polars and Spark: one row per layout in code
 * order ({@link #LAYOUTS}), or one row per group ({@link #GROUPS}).
 *
 * <pre>
 *   code 1A9BF0C00, code_value 7140544512, id 4091296, short_code 4WVE1, jiang 5, bing 4,
 *   style 1, group_num 1, group_index 7472, name 5-4-1-1-7472, layer .., min_solution_step 81,
 *   symmetric true, solved false, farthest_step 124 (null until 5-4-1 is analysed), ...
 * </pre>
 *
 * How: parquet-java's writer (Parquet format 2 pages, ZSTD level 3 through {@link ZstdCodecs},
 * 128 MB row groups), fed straight from a scan of {@code cases} merged with {@code analysis}, so
 * the table is never in memory: the writer holds one row group of encoded columns. Narrow
 * types (8- and 16-bit integer annotations on INT32), dictionary encoding only on the columns of
 * few values (class, group_num, layer, steps); the columns that are unique per row (code, id,
 * name, short code) use delta encodings, which sorted codes and ids compress to almost nothing.
 * Measured on the full database: see BENCHMARKS.md (Ecosystem).
 */
public final class ParquetExport {
  /** Columns of the layouts table, in order. */
  public static final MessageType LAYOUTS = MessageTypeParser.parseMessageType("""
      message layout {
        required binary code (STRING);
        required int64 code_value;
        required int32 id;
        required binary short_code (STRING);
        required int32 jiang (INTEGER(8,true));
        required int32 bing (INTEGER(8,true));
        required int32 style (INTEGER(8,true));
        required int32 group_num (INTEGER(16,true));
        required int32 group_index;
        required binary name (STRING);
        required int32 layer (INTEGER(16,true));
        optional int32 min_solution_step (INTEGER(16,true));
        required boolean symmetric;
        required boolean solved;
        optional int32 farthest_step (INTEGER(16,true));
        optional int32 farthest_num;
        optional int32 min_solution_num;
        optional int32 solution_num;
      }""");

  /** Columns of the groups table, in order. */
  public static final MessageType GROUPS = MessageTypeParser.parseMessageType("""
      message group {
        required int32 jiang (INTEGER(8,true));
        required int32 bing (INTEGER(8,true));
        required int32 style (INTEGER(8,true));
        required int32 group_num (INTEGER(16,true));
        required binary name (STRING);
        required int32 size;
        required binary seed (STRING);
        required int32 layers (INTEGER(16,true));
        required boolean solvable;
        required int32 solved;
        optional int32 hardest_step (INTEGER(16,true));
        optional int32 hardest_count;
        optional int32 diameter (INTEGER(16,true));
      }""");

  /** Columns with few distinct values: dictionary-encoded. */
  private static final List<String> DICTIONARY = List.of("jiang", "bing", "style", "group_num", "layer",
      "min_solution_step", "farthest_step", "farthest_num", "min_solution_num", "solution_num", "layers",
      "hardest_step", "diameter");

  /**
   * Columns with min/max statistics (per row group and page): the sort keys and the class, what
   * readers filter on to skip row groups. The others go without: it saves a tenth of the time.
   */
  private static final List<String> STATISTICS = List.of("code", "code_value", "id", "jiang", "bing", "style",
      "group_num", "name", "size");

  private ParquetExport() {}

  /**
   * Writes the layouts of class {@code cls} (-1: all) to {@code out} (closed when done).
   *
   * <p>With {@code threads > 1} the code range is cut into that many parts by id, each written
   * by its own writer to a file in {@code scratch}; their row groups are then copied into
   * {@code out} as they are (no decoding). The parts are deleted.
   *
   * @param progress receives the number of layouts scanned so far (all parts), now and then
   * @return rows written
   */
  public static long writeLayouts(KlotskiDb db, int cls, OutputStream out, Path scratch, int threads,
      LongConsumer progress) throws IOException {
    int parts = Math.max(1, threads);
    long[] bounds = new long[parts + 1];
    AllLayouts all = parts > 1 ? AllLayouts.build() : null;
    for (int p = 1; p < parts; p++) {
      bounds[p] = all.code((int) ((long) AllLayouts.COUNT * p / parts));
    }
    bounds[parts] = Long.MAX_VALUE;
    if (parts == 1) {
      return writePart(db, cls, 0, Long.MAX_VALUE, new StreamOutputFile(out), new AtomicLong(), progress).rows();
    }
    // the parts go into a folder of their own, removed at the end, on failure and on Ctrl-C
    Path dir = scratch.resolve(".klotski-parquet-parts-" + ProcessHandle.current().pid());
    Files.createDirectories(dir);
    Thread cleanup = new Thread(() -> deleteParts(dir), "klotski-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    List<Path> files = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      files.add(dir.resolve("part" + p + ".parquet"));
    }
    ExecutorService pool = Executors.newFixedThreadPool(parts);
    try {
      AtomicLong scanned = new AtomicLong();
      List<Future<Part>> written = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        int part = p;
        written.add(pool.submit(() -> {
          try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(files.get(part)), 1 << 20)) {
            return writePart(db, cls, bounds[part], bounds[part + 1], new StreamOutputFile(o), scanned, progress);
          }
        }));
      }
      ParquetFileWriter merged = new ParquetFileWriter(new StreamOutputFile(out), LAYOUTS,
          ParquetFileWriter.Mode.CREATE, ROW_GROUP_BYTES, 0);
      merged.start();
      long total = 0;
      for (int p = 0; p < parts; p++) {
        Part part = written.get(p).get();
        total += part.rows();
        // parquet-java's LocalInputFile reads a byte at a time here (over two minutes for 230 MB)
        try (FileChannel ch = FileChannel.open(files.get(p));
            SeekableInputStream in = new DelegatingSeekableInputStream(Channels.newInputStream(ch)) {
              @Override
              public long getPos() throws IOException {
                return ch.position();
              }

              @Override
              public void seek(long newPos) throws IOException {
                ch.position(newPos);
              }
            }) {
          merged.appendRowGroups(in, part.footer().getBlocks(), false);
        }
      }
      merged.end(Map.of("writer", "klotski-db"));
      return total;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IOException(e.getCause());
    } finally {
      pool.shutdownNow();
      try {
        pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      deleteParts(dir);
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
    }
  }

  private static void deleteParts(Path dir) {
    try (var files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // gone already, or the next run's folder name differs: nothing to keep
    }
  }

  /** A part written: its rows and its footer (where its row groups are). */
  private record Part(long rows, ParquetMetadata footer) {}

  private static Part writePart(KlotskiDb db, int cls, long from, long to, OutputFile file, AtomicLong scanned,
      LongConsumer progress) throws IOException {
    long[] rows = new long[1];
    ParquetWriter<Object[]> w = writer(file, LAYOUTS, new LayoutWrite());
    try (w) {
      IOException[] failure = new IOException[1];
      long[] local = new long[1];
      db.forEachCaseWithAnalysis(from, to, (c, a) -> {
        if ((++local[0] & 0xFFFF) == 0) {
          progress.accept(scanned.addAndGet(0x10000));
        }
        if (failure[0] != null || cls >= 0 && LayoutClass.index(c.jiang(), c.bing(), c.style()) != cls) {
          return;
        }
        try {
          w.write(new Object[] {c, a});
          rows[0]++;
        } catch (IOException e) {
          failure[0] = e;
        }
      });
      if (failure[0] != null) {
        throw failure[0];
      }
    }
    return new Part(rows[0], w.getFooter());
  }

  /** Writes the groups of class {@code cls} (-1: all) to {@code out} (closed when done); returns rows written. */
  public static long writeGroups(KlotskiDb db, int cls, OutputStream out) throws IOException {
    long rows = 0;
    try (ParquetWriter<Object[]> w = writer(new StreamOutputFile(out), GROUPS, new GroupWrite())) {
      List<GroupRecord> groups = new java.util.ArrayList<>();
      db.forEachGroup(groups::add);
      for (GroupRecord g : groups) {
        if (cls < 0 || LayoutClass.index(g.jiang(), g.bing(), g.style()) == cls) {
          w.write(new Object[] {g, db.diameter(g.jiang(), g.bing(), g.style(), g.groupNum())});
          rows++;
        }
      }
    }
    return rows;
  }

  private static final long ROW_GROUP_BYTES = 128L << 20;

  private static ParquetWriter<Object[]> writer(OutputFile file, MessageType schema, Write support)
      throws IOException {
    support.schema = schema;
    Builder b = new Builder(file, support)
        .withConf(new PlainParquetConfiguration())
        .withWriteMode(ParquetFileWriter.Mode.CREATE)
        .withWriterVersion(WriterVersion.PARQUET_2_0)
        .withCompressionCodec(CompressionCodecName.ZSTD)
        .withCodecFactory(new ZstdCodecs())
        .withRowGroupSize(ROW_GROUP_BYTES)
        .withDictionaryEncoding(false)
        .withSizeStatisticsEnabled(false)
        .withStatisticsEnabled(false);
    for (String column : STATISTICS) {
      if (schema.containsField(column)) {
        b = b.withStatisticsEnabled(column, true);
      }
    }
    for (String column : DICTIONARY) {
      if (schema.containsField(column)) {
        b = b.withDictionaryEncoding(column, true);
      }
    }
    return b.build();
  }

  /** The Parquet writer's file: an output stream that counts its position. */
  private static final class StreamOutputFile implements OutputFile {
    private final OutputStream out;

    StreamOutputFile(OutputStream out) {
      this.out = out;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) {
      return new PositionOutputStream() {
        private long position;

        @Override
        public long getPos() {
          return position;
        }

        @Override
        public void write(int b) throws IOException {
          out.write(b);
          position++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
          position += len;
        }

        @Override
        public void flush() throws IOException {
          out.flush();
        }

        @Override
        public void close() throws IOException {
          out.close();
        }
      };
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
      return create(blockSizeHint);
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }
  }

  private static final class Builder extends ParquetWriter.Builder<Object[], Builder> {
    private final Write support;

    Builder(OutputFile file, Write support) {
      super(file);
      this.support = support;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<Object[]> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }

    @Override
    protected WriteSupport<Object[]> getWriteSupport(org.apache.hadoop.conf.Configuration conf) {
      return support;
    }
  }

  /** Writes one row's fields in schema order; a null value is a missing optional field. */
  private abstract static class Write extends WriteSupport<Object[]> {
    MessageType schema;
    RecordConsumer rc;
    private int field;

    @Override
    public WriteContext init(org.apache.hadoop.conf.Configuration conf) {
      return init((ParquetConfiguration) null);
    }

    @Override
    public WriteContext init(ParquetConfiguration conf) {
      Map<String, String> meta = new HashMap<>();
      meta.put("writer", "klotski-db");
      return new WriteContext(schema, meta);
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      rc = recordConsumer;
    }

    @Override
    public void write(Object[] row) {
      rc.startMessage();
      field = 0;
      fields(row);
      rc.endMessage();
    }

    abstract void fields(Object[] row);

    private String begin() {
      String name = schema.getFieldName(field);
      rc.startField(name, field);
      return name;
    }

    private void end(String name) {
      rc.endField(name, field++);
    }

    void int32(int v) {
      String n = begin();
      rc.addInteger(v);
      end(n);
    }

    void int32OrNull(boolean present, int v) {
      if (present) {
        int32(v);
      } else {
        field++;
      }
    }

    void int64(long v) {
      String n = begin();
      rc.addLong(v);
      end(n);
    }

    void bool(boolean v) {
      String n = begin();
      rc.addBoolean(v);
      end(n);
    }

    void text(String v) {
      bytes(v.getBytes(StandardCharsets.US_ASCII));
    }

    /** ASCII bytes the writer may keep (each row's own array: delta encodings refer back to it). */
    void bytes(byte[] v) {
      String n = begin();
      rc.addBinary(Binary.fromConstantByteArray(v));
      end(n);
    }
  }

  private static final class LayoutWrite extends Write {
    @Override
    void fields(Object[] row) {
      CaseRecord c = (CaseRecord) row[0];
      KlotskiDb.Analysis a = (KlotskiDb.Analysis) row[1];
      bytes(hex(c.code()));
      int64(c.code());
      int32(c.id());
      bytes(shortCode(c.id()));
      int32(c.jiang());
      int32(c.bing());
      int32(c.style());
      int32(c.groupNum());
      int32(c.groupIndex());
      bytes(name(c));
      int32(c.layer());
      int32OrNull(c.isSolvable(), c.minSolutionStep());
      bool(c.symmetric());
      bool(c.solved());
      int32OrNull(a != null, a == null ? 0 : a.farthestStep());
      int32OrNull(a != null, a == null ? 0 : a.farthestNum());
      int32OrNull(a != null, a == null ? 0 : a.minSolutionNum());
      int32OrNull(a != null, a == null ? 0 : a.solutionNum());
    }
  }

  // text columns as bytes without a String on the way: a third of the time went to building and
  // encoding three strings a row

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] BASE32 = ShortCode.ALPHABET.getBytes(StandardCharsets.US_ASCII);

  /** The code's 9 upper-case hex digits, as {@link Code#format}. */
  static byte[] hex(long code) {
    byte[] b = new byte[Code.DIGITS];
    for (int i = b.length - 1; i >= 0; i--, code >>>= 4) {
      b[i] = HEX[(int) (code & 15)];
    }
    return b;
  }

  /** The id's short code, as {@link ShortCode#of}. */
  static byte[] shortCode(int id) {
    byte[] b = new byte[ShortCode.LENGTH];
    for (int i = b.length - 1; i >= 0; i--, id >>>= 5) {
      b[i] = BASE32[id & 31];
    }
    return b;
  }

  /** jiang-bing-style-group_num-group_index, as {@link CaseRecord#name}. */
  static byte[] name(CaseRecord c) {
    byte[] b = new byte[40];
    int at = digits(b, 0, c.jiang());
    b[at++] = '-';
    at = digits(b, at, c.bing());
    b[at++] = '-';
    at = digits(b, at, c.style());
    b[at++] = '-';
    at = digits(b, at, c.groupNum());
    b[at++] = '-';
    at = digits(b, at, c.groupIndex());
    return java.util.Arrays.copyOf(b, at);
  }

  private static int digits(byte[] b, int at, int v) {
    int len = 1;
    for (int rest = v / 10; rest > 0; rest /= 10) {
      len++;
    }
    for (int i = at + len - 1; i >= at; i--, v /= 10) {
      b[i] = (byte) ('0' + v % 10);
    }
    return at + len;
  }

  private static final class GroupWrite extends Write {
    @Override
    void fields(Object[] row) {
      GroupRecord g = (GroupRecord) row[0];
      int diameter = (Integer) row[1];
      int32(g.jiang());
      int32(g.bing());
      int32(g.style());
      int32(g.groupNum());
      text(g.name());
      int32(g.size());
      text(Code.format(g.seed()));
      int32(g.layers());
      bool(g.isSolvable());
      int32(g.solved());
      int32OrNull(g.isSolvable(), g.maxMinSolutionStep());
      int32OrNull(g.isSolvable(), g.hardest());
      int32OrNull(diameter >= 0, diameter);
    }
  }
}
