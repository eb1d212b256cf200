package klotskidb.datasets;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.db.CasesCodec;
import klotskidb.db.GroupRecord;
import klotskidb.enumerator.Code;
import klotskidb.enumerator.ShortCode;
import klotskidb.query.Facts;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * One row of a Parquet table as parquet-java's record consumer takes it, field by field in the
 * order of {@link ParquetSchemas} (the catalogue's): a layout ({@code {CaseRecord, Analysis or
 * null}}) or a group ({@code {GroupRecord, diameter}}), each column as its fact says. Layout 1A9BF0C00 gives the text columns {@code 1A9BF0C00},
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
    public WriteContext init(Configuration conf) {
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

    /** A fact's value as the catalogue reads it (null: a missing optional field). */
    void value(Facts.Fact f, Object v) {
      if (v == null) {
        skip();
        return;
      }
      switch (f.type()) {
        case STRING -> bytes(((String) v).getBytes(StandardCharsets.UTF_8));
        case PERCENT -> int32((int) Math.round((Double) v * 100)); // DECIMAL(4,2): the hundredths
        case BOOLEAN -> bool((Boolean) v);
        case INT, LONG -> number(f.type(), ((Number) v).longValue());
        case NAMES, INTS -> throw new IllegalStateException(f.name() + ": a list has no Parquet column");
      }
    }

    /** A whole number or a yes or no of that type. */
    void number(Facts.Type type, long v) {
      switch (type) {
        case BOOLEAN -> bool(v != 0);
        case LONG -> int64(v);
        default -> int32((int) v);
      }
    }

    /** ASCII bytes the writer may keep (each row's own array: delta encodings refer back to it). */
    void bytes(byte[] v) {
      String n = begin();
      rc.addBinary(Binary.fromConstantByteArray(v));
      end(n);
    }
  }

  /**
   * The layouts table's rows, {@code {CaseRecord, Analysis or null}}, two ways, the same events:
   * as the catalogue declares them ({@link #declared}: each column of {@link ParquetSchemas} in
   * turn, a stored fact through its field, any other through the catalogue's reader), and as
   * straight code ({@link LayoutColumns#straight}, generated from the same declaration: the three
   * text columns as bytes made directly, no object a value), its fast path. ParquetRowsTest holds the
   * two equal on seeded rows. (The declared loop alone was slower a row: BENCHMARKS.md, row "Parquet
   * rows from the catalogue".)
   */
  static final class LayoutWrite extends LayoutColumns {
    private static final List<Facts.Fact> COLUMNS = ParquetSchemas.columns(Facts.LAYOUT);
    private static final Facts.Fact[] FACTS = COLUMNS.toArray(new Facts.Fact[0]);

    private final boolean straight;

    LayoutWrite() {
      this(true);
    }

    /** {@code straight} false: the declared way (the tests). */
    LayoutWrite(boolean straight) {
      this.straight = straight;
    }

    @Override
    void fields(Object[] row) {
      CaseRecord c = (CaseRecord) row[0];
      AnalysisRecord a = (AnalysisRecord) row[1];
      if (straight) {
        straight(c, a);
      } else {
        declared(c, a);
      }
    }

    /** Each column as its fact declares it. */
    void declared(CaseRecord c, AnalysisRecord a) {
      for (Facts.Fact f : FACTS) {
        if (f.stored() != null) {
          long v = CasesCodec.ofRecord(f.stored(), c);
          if (f.stored().isNull(v)) {
            skip();
          } else {
            number(f.type(), v);
          }
        } else {
          value(f, f.analysed() && a == null ? null : f.value(c, a));
        }
      }
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
    return Arrays.copyOf(b, at);
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

  /** The groups table's rows, {@code {GroupRecord, diameter}}: every column through the catalogue's reader. */
  static final class GroupWrite extends Write {
    private static final List<Facts.Fact> COLUMNS = ParquetSchemas.columns(Facts.GROUP);

    @Override
    void fields(Object[] row) {
      GroupRecord g = (GroupRecord) row[0];
      int diameter = (Integer) row[1];
      for (Facts.Fact f : COLUMNS) {
        value(f, f.analysed() && diameter < 0 ? null : f.value(g, diameter));
      }
    }
  }
}
