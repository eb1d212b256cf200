#!/usr/bin/env bash
# `make dist`: one archive that runs where no Java is installed, for the platform it is built on.
#   dist/klotski-db-COMMIT-PLATFORM.tar.gz and its .sha256 beside it; in the archive:
#   bin/klotski        the launcher (the checkout's own: it finds runtime/ and lib/ beside it)
#   runtime/           a Java runtime of just the modules the jar needs (jdeps, then jlink)
#   lib/klotski.jar    the jar with this platform's native libraries only (the root pom)
#   lib/native/        RocksDB's native library, once, loaded from there (not extracted to /tmp)
#   lib/klotski.jsa    the classes a one-shot command loads, archived by a training run (class
#                      data sharing): the runtime maps them instead of reading the jar (below)
#   share/             the man page and the bash/zsh completion script
#   README.md LICENSE NOTICE
# Byte for byte the same from the same commit: entry times fixed (the commit's time), names
# sorted, owners 0, gzip without a name or time. Usage: tools/dist.sh klotski-db-COMMIT JDK
set -euo pipefail
cd "$(dirname "$0")/.."
jar=cli/target/klotski.jar
# the platform the jar was built for (its native libraries: the root pom's klotski.platform)
platform="$(unzip -p "$jar" klotskidb/jobs/version.properties | sed -n 's/^platform=//p')"
name="$1-${platform:?the jar names no platform}"
# the JDK to link the runtime from: DIST_JDK, else the newest JDK (17 or newer, with jlink) in
# /usr/lib/jvm, else javac's: a newer one writes its class archive the same twice (below)
jdk="${2:-}"
if [ -z "$jdk" ]; then
  best=0
  for release in /usr/lib/jvm/*/release; do
    home="$(dirname "$release")"
    v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")"
    if [ -x "$home/bin/jlink" ] && [ -n "$v" ] && [ "$v" -ge 17 ] && [ "$v" -gt "$best" ]; then
      best="$v"
      jdk="$home"
    fi
  done
  if [ -z "$jdk" ]; then
    javac="$(readlink -f "$(command -v javac)" 2>/dev/null)" || { echo "dist: no JDK found: set DIST_JDK" >&2; exit 1; }
    jdk="$(dirname "$(dirname "$javac")")"
  fi
fi
native=cli/target/native
for tool in jdeps jlink java; do
  if [ ! -x "$jdk/bin/$tool" ]; then
    echo "dist: $jdk/bin/$tool not found: DIST_JDK must be a JDK (17 or newer) with jlink" >&2
    exit 1
  fi
done
epoch="$(git log -1 --format=%ct 2>/dev/null || echo 0)"
mkdir -p dist
stage="$(cd "$(mktemp -d dist/.stage-XXXXXX)" && pwd)"
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/bin" "$root/lib/native" "$root/share/man/man1" "$root/share/bash-completion/completions"
cp bin/klotski "$root/bin/"
cp "$jar" "$root/lib/"
cp "$native"/librocksdbjni* "$root/lib/native/"
cp README.md LICENSE NOTICE "$root/"

# the runtime: the modules jdeps finds in the jar's classes (with the analysis's jdk.incubator.vector)
modules="$("$jdk/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release 17 "$jar")"
echo "dist: a runtime of $modules from $jdk"
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --output "$root/runtime" 2>&1 | grep -v -e '^WARNING: Using incubator modules' || true
[ -x "$root/runtime/bin/java" ] || { echo "dist: jlink made no runtime" >&2; exit 1; }
java="$root/runtime/bin/java"
# native libraries without their symbol tables (what a debugger reads; 2 MB less in the archive)
if command -v strip >/dev/null; then
  find "$root/runtime" "$root/lib/native" -name '*.so' -exec strip --strip-unneeded {} +
fi

# the completion script and the man page, from the jar's own declarations
"$root/bin/klotski" generate-completion > "$root/share/bash-completion/completions/klotski"
"$root/bin/klotski" generate-man-page > "$root/share/man/man1/klotski.1"

# every file's time fixed before the class archive is made: it records the jar's time, and a
# runtime that finds another refuses them
find "$root" -exec touch -h -d "@$epoch" {} +

# Class data sharing: the classes one-shot commands load (help, a layout, a solution: single-
# threaded, so the same classes every time), the JDK's and klotski's in one archive the launcher
# names (the runtime's own default archive would serve only a bare java: 4 MB left out). From
# training runs, one line a class (and a lambda's call site, @lambda-proxy; not Java 25's constant
# pool entries, @cp, which follow timing) in a fixed order. Kept only where the runtime writes it
# byte for byte the same twice (Java 25 does, 17 does not), so the archive stays reproducible;
# without it commands start slower (BENCHMARKS.md, row "start-up of the archive").
list="$stage/classes.lst"
: > "$list"
for args in "--help" "show 1A9BF0C00" "solve 1A9BF0C" "info --help" "find --help"; do
  # shellcheck disable=SC2086 # the words of a training command
  "$java" -Xshare:off -XX:DumpLoadedClassList="$stage/one.lst" -XX:TieredStopAtLevel=1 \
    -Djava.library.path="$root/lib/native" -cp "$root/lib/klotski.jar" klotskidb.cli.Klotski $args >/dev/null 2>&1 || true
  cat "$stage/one.lst" >> "$list"
done
grep -v -e '^#' -e '^@cp ' "$list" | awk '/^@/ { print; next } { print $1 }' | LC_ALL=C sort -u > "$stage/sorted.lst"
for i in 1 2; do # twice: kept only when both are the same bytes
  (cd "$root" && runtime/bin/java -Xshare:dump -XX:SharedClassListFile="$stage/sorted.lst" -cp lib/klotski.jar \
    -XX:SharedArchiveFile="$stage/dump$i.jsa" >/dev/null 2>"$stage/dump.err") \
    || { cat "$stage/dump.err" >&2; echo "dist: making the class archive failed" >&2; exit 1; }
done
if cmp -s "$stage/dump1.jsa" "$stage/dump2.jsa"; then
  mv "$stage/dump1.jsa" "$root/lib/klotski.jsa"
else
  echo "dist: lib/klotski.jsa left out: this runtime does not write it the same twice (DIST_JDK=a Java 25 JDK for a quicker start)"
fi
find "$root" -exec touch -h -d "@$epoch" {} +

# the archive, reproducibly
tar -C "$stage" --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --format=gnu \
  -cf - "$name" | gzip -n -9 > "$stage/$name.tar.gz"
mv "$stage/$name.tar.gz" "dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1)): tar xzf it anywhere, then $name/bin/klotski --help"
