package klotskidb.cli;

import java.nio.file.Path;
import klotskidb.db.CaseRecord;
import klotskidb.db.GroupRecord;
import klotskidb.db.KlotskiDb;
import klotskidb.enumerator.Code;
import klotskidb.grouper.Names;

/** Database look-ups shared by the query commands. */
final class Database {
  static final Path DEFAULT = Path.of("data/klotski-db");

  private Database() {}

  static KlotskiDb open(Path dir) {
    return KlotskiDb.open(dir == null ? DEFAULT : dir);
  }

  /** The stored record of a layout given as a code, #id or name; one clear error otherwise. */
  static CaseRecord lookup(KlotskiDb db, String text) {
    LayoutRef ref = LayoutRef.parse(text);
    long code;
    switch (ref.kind) {
      case ID:
        code = db.codeOfId((int) ref.value);
        if (code < 0) {
          throw new IllegalArgumentException("id " + ref.value + " is not in the database at " + db.dir());
        }
        break;
      case NAME:
        int[] p = Names.parse(ref.text, 5);
        code = db.codeOfName(p[0], p[1], p[2], p[3], p[4]);
        if (code < 0) {
          throw new IllegalArgumentException("no layout is named " + ref.text + " in the database at " + db.dir());
        }
        break;
      default:
        code = ref.value;
    }
    long c = code;
    return db.caseOf(c).orElseThrow(() -> new IllegalArgumentException(
        "layout " + Code.format(c) + " is not in the database at " + db.dir() + " (built for other classes)"));
  }

  static GroupRecord groupOf(KlotskiDb db, CaseRecord c) {
    return db.group(c.jiang(), c.bing(), c.style(), c.groupNum()).orElseThrow(() ->
        new IllegalStateException("the database has no record of group " + c.groupName()));
  }
}
