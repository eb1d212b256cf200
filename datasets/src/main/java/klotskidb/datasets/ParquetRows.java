package klotskidb.datasets;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * One row of a Parquet table as parquet-java's record consumer takes it, field by field in the
 * order of {@link ParquetSchemas}: a layout ({@code {CaseRecord, Analysis or null}}) or a group
 * ({@code {GroupRecord, diameter}}). Layout 1A9BF0C00 gives the text columns {@code 1A9BF0C00},
 * {@code 4WVE1} and {@code 5-4-1-1-7472} as bytes made without a String on the way: a third of
 * the time went to building and encoding three strings a row.
 */
final class ParquetRows {
  private ParquetRows() {}

  /** The rule of the layouts' {@code symmetric} column, named in the file's metadata. */
  static final String SYMMETRIC_RULE = "exact: the layout equals its left-right mirror (main.csv's Y|N and "
      + "SQLite's is_mirror use the original engine's legacy rule instead)";

  /** Key-value metadata of a file of this schema: who wrote it, and the mirror rule where it has the flag. */
  static Map<String, String> meta(MessageType schema) {
    Map<String, String> meta = new HashMap<>();
    meta.put("writer", "klotski-db");
    if (schema.containsField("symmetric")) {
      meta.put("symmetric_rule", SYMMETRIC_RULE);
    }
    return meta;
  }

  /** Writes one row's fields in schema order; a null value is a missing optional field. */
  abstract static class Write extends WriteSupport<Object[]> {
    MessageType schema;
    RecordConsumer rc;
    private int field;

    @Override
    public WriteContext init(org.apache.hadoop.conf.Configuration conf) {
      return init((ParquetConfiguration) null);
    }

    @Override
    public WriteContext init(ParquetConfiguration conf) {
      return new WriteContext(schema, meta(schema));
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

    /** A missing optional field. */
    void skip() {
      field++;
    }

    void int32OrNull(boolean present, int v) {
      if (present) {
        int32(v);
      } else {
        skip();
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

  static final class LayoutWrite extends Write {
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
      if (c.minimal() != null) {
        bool(c.minimal());
      } else {
        skip();
      }
      int64(c.optimalSolutionNum());
      int32OrNull(c.harderThan() >= 0, c.harderThan()); // DECIMAL(4,2): the hundredths
      int32OrNull(c.harderThanInClass() >= 0, c.harderThanInClass());
      int32OrNull(a != null, a == null ? 0 : a.farthestStep());
      int32OrNull(a != null, a == null ? 0 : a.farthestNum());
      int32OrNull(a != null, a == null ? 0 : a.minSolutionNum());
      int32OrNull(a != null, a == null ? 0 : a.solutionNum());
    }
  }

  private static final byte[] BASE32 = ShortCode.ALPHABET.getBytes(StandardCharsets.US_ASCII);

  /** The code's 9 upper-case hex digits, as {@link Code#format}. */
  static byte[] hex(long code) {
    byte[] b = new byte[Code.DIGITS];
    Code.formatInto(code, b, 0);
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

  static final class GroupWrite extends Write {
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
