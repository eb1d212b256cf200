package klotskidb.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import klotskidb.db.AnalysisRecord;
import klotskidb.db.CaseRecord;
import klotskidb.enumerator.AllLayouts;
import klotskidb.query.Facts;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.junit.jupiter.api.Test;
import klotskidb.testing.TestSeed;

/**
 * The layouts table's rows written the straight way are the rows the catalogue declares: the same
 * events (fields, values, missing optional fields) for seeded records over every column's range,
 * nulls included ({@code ParquetRows.LayoutWrite}).
 */
class ParquetRowsTest {
  /** Every event a row makes, as text: field names and numbers, values with their types. */
  private static final class Recorder extends RecordConsumer {
    final List<String> events = new ArrayList<>();

    @Override
    public void startMessage() {
      events.add("message");
    }

    @Override
    public void endMessage() {
      events.add("end");
    }

    @Override
    public void startField(String field, int index) {
      events.add(index + ":" + field);
    }

    @Override
    public void endField(String field, int index) {
      events.add("/" + index);
    }

    @Override
    public void startGroup() {
      events.add("group");
    }

    @Override
    public void endGroup() {
      events.add("/group");
    }

    @Override
    public void addInteger(int value) {
      events.add("int " + value);
    }

    @Override
    public void addLong(long value) {
      events.add("long " + value);
    }

    @Override
    public void addBoolean(boolean value) {
      events.add("boolean " + value);
    }

    @Override
    public void addBinary(Binary value) {
      events.add("binary " + value.toStringUsingUTF8());
    }

    @Override
    public void addFloat(float value) {
      events.add("float " + value);
    }

    @Override
    public void addDouble(double value) {
      events.add("double " + value);
    }
  }

  private static List<String> events(boolean straight, Object[] row) {
    ParquetRows.LayoutWrite w = new ParquetRows.LayoutWrite(straight);
    w.schema = ParquetSchemas.LAYOUTS;
    Recorder r = new Recorder();
    w.prepareForWrite(r);
    w.write(row);
    return r.events;
  }

  @Test
  void theStraightRowsAreTheDeclaredOnes() {
    SplittableRandom random = new SplittableRandom(TestSeed.of("ParquetRowsTest.theStraightRowsAreTheDeclaredOnes"));
    for (int i = 0; i < 20_000; i++) {
      int id = random.nextInt(AllLayouts.COUNT);
      int steps = random.nextInt(8) == 0 ? -1 : random.nextInt(180);
      CaseRecord c = new CaseRecord(AllLayouts.codeOfId(id), id, random.nextInt(6), random.nextInt(15),
          random.nextInt(6), random.nextInt(1 << 16), random.nextInt(1_000_000), random.nextInt(1 << 16), steps,
          random.nextBoolean(), steps == 0, random.nextInt(3) == 0 ? null : random.nextBoolean(),
          steps < 0 ? 0 : random.nextLong(1L << 32), steps < 0 ? -1 : random.nextInt(10_000),
          steps < 0 ? -1 : random.nextInt(10_000));
      AnalysisRecord a = random.nextBoolean() ? null : new AnalysisRecord(random.nextInt(1 << 15),
          random.nextInt(1 << 20), random.nextInt(1 << 10), random.nextInt(1 << 10));
      Object[] row = {c, a};
      assertEquals(events(false, row), events(true, row), "row " + i + ": " + c + ", " + a);
    }
    // and the declared way writes every column of the catalogue, by name
    Object[] row = {new CaseRecord(0x1A9BF0C00L, 4091296, 5, 4, 1, 1, 7472, 26, 81, true, false, true, 256, 9991, 9964),
        new AnalysisRecord(124, 6, 2, 2)};
    List<String> fields = events(false, row).stream().filter(e -> e.matches("\\d+:.*"))
        .map(e -> e.substring(e.indexOf(':') + 1)).toList();
    assertEquals(ParquetSchemas.columns(Facts.LAYOUT).stream().map(Facts.Fact::column).toList(), fields);
  }
}
