#!/usr/bin/env bash
# `make dist-test`: the archive of `make dist` as a user meets it. Made twice: the same bytes. The
# jar at most 45 MB, the archive at most 70 MB. Unpacked in a scratch folder and run with no Java
# on the PATH and no JAVA_HOME: the version, a layout, a database built and asked (no line on
# standard error), through a symbolic link, KLOTSKI_DB; its checksum file checks; the man page and
# the completion script are there; so are LICENSE and NOTICE, and the bundled Apache projects'
# notices merged in the jar. Usage: tools/dist-test.sh klotski-db-COMMIT JDK
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "FAILED: $*" >&2; exit 1; }
tools/dist.sh "$1" "$2" >/dev/null
archive="$(ls -t dist/"$1"-*.tar.gz | head -1)"
first="$(cut -d' ' -f1 "$archive.sha256")"
tools/dist.sh "$1" "$2" >/dev/null
second="$(cut -d' ' -f1 "$archive.sha256")"
[ "$first" = "$second" ] || fail "two make dist of one commit differ: $first, $second"
jar_mb=$(( $(stat -c %s cli/target/klotski.jar) / 1000000 ))
archive_mb=$(( $(stat -c %s "$archive") / 1000000 ))
[ "$jar_mb" -lt 45 ] || fail "the jar is $jar_mb MB (at most 45)"
[ "$archive_mb" -lt 70 ] || fail "the archive is $archive_mb MB (at most 70)"
(cd dist && sha256sum -c --quiet "$(basename "$archive").sha256") || fail "the archive's checksum"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
tar -C "$scratch" -xzf "$archive"
home="$(ls -d "$scratch"/klotski-db-*)"
# a PATH of the system's tools without java: a machine where no Java is installed
mkdir "$scratch/path"
for dir in /usr/local/bin /usr/bin /bin; do
  for tool in "$dir"/*; do
    name="$(basename "$tool")"
    case "$name" in java|javac|jlink|jdeps|jar|jshell) continue ;; esac
    [ -e "$scratch/path/$name" ] || ln -s "$tool" "$scratch/path/$name"
  done
done
run() { env -i PATH="$scratch/path" HOME="$scratch" "$@"; }
run bash -c 'command -v java' >/dev/null && fail "java is still on the scratch PATH"
# (answers read whole before grep: pipefail would see a reader that stopped early as a failure)
out="$(run "$home/bin/klotski" --version)" || fail "--version with no Java installed"
grep -q '^klotski-db ' <<<"$out" || fail "--version: $out"
out="$(run "$home/bin/klotski" show 1A9BF0C00)" || fail "show with no Java installed"
grep -qx 'code      1A9BF0C00' <<<"$out" || fail "show 1A9BF0C00: $out"
run "$home/bin/klotski" build --classes 3-2-1 --db "$scratch/db" --no-progress >"$scratch/build.log" 2>&1 \
  || { cat "$scratch/build.log" >&2; fail "build of class 3-2-1"; }
out="$(run "$home/bin/klotski" info D00007AC0 --db "$scratch/db" 2>"$scratch/err")" || fail "info from the database"
grep -q '^name  *3-2-1-0-123660$' <<<"$out" || fail "info D00007AC0: $out"
[ ! -s "$scratch/err" ] || fail "info printed on standard error: $(cat "$scratch/err")"
ln -s "$home/bin/klotski" "$scratch/path/klotski"
out="$(run env KLOTSKI_DB="$scratch/db" klotski group D00007AC0)" || fail "through a symbolic link on the PATH"
grep -q '^group  *3-2-1-0' <<<"$out" || fail "through a symbolic link on the PATH, with KLOTSKI_DB: $out"
cmp -s LICENSE "$home/LICENSE" && cmp -s NOTICE "$home/NOTICE" || fail "the archive's LICENSE or NOTICE is not the checkout's"
notices="$(unzip -p "$home/lib/klotski.jar" META-INF/NOTICE)" || fail "the jar has no META-INF/NOTICE"
for project in "Apache PDFBox" "Apache Parquet Column" "Apache FontBox"; do
  grep -q "^$project\$" <<<"$notices" || fail "the jar's META-INF/NOTICE leaves out $project's notice"
done
grep -q analyse "$home/share/bash-completion/completions/klotski" || fail "the completion script names no analyse"
grep -q '^\.SS "klotski analyse' "$home/share/man/man1/klotski.1" || fail "the man page has no analyse"
echo "dist-test: $(basename "$archive"): $archive_mb MB (jar $jar_mb MB), the same bytes twice, runs with no Java installed"
