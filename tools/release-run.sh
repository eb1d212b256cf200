#!/usr/bin/env bash
# The whole release on a machine lent for minutes, from `make dist`'s archive: what BENCHMARKS.md's
# rows on other machines are measured with. Run it again (the same WORK) to go on where it stopped:
#   tools/release-run.sh ARCHIVE WORK SECONDS [CLASSES]
#   ARCHIVE  dist/klotski-db-COMMIT-PLATFORM.tar.gz (unpacked into WORK once)
#   WORK     a folder with room for the database and the release (about 30 GB): /dev/shm/k
#   SECONDS  the release is stopped (SIGTERM: what it was writing removed, the classes done kept)
#            once this many seconds have passed since the script started; the next run resumes
#   CLASSES  only these classes (build and release), e.g. 5-4-1,2-4-0
# It prints the machine, the build's summary, then every 10 s a line of the release: the classes
# done, how many of the machine's cores were busy (from /proc/stat), the release's CPU and RSS;
# then the release's last lines, its collections and pauses; and once the release is complete,
# `md5sum -c` of every file (a part per core) and `verify --published`.
set -u
start=$(date +%s)
if [ $# -lt 3 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
archive=$1 W=$2 limit=$3 classes=${4:-}
mkdir -p "$W" || exit 1
el() { echo $(( $(date +%s) - start )); }
# busy ticks and all ticks of the machine since boot (user nice system idle iowait irq softirq steal)
ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; }
hz=$(getconf CLK_TCK)
cores=$(nproc)
if [ ! -x "$W/kd/bin/klotski" ]; then
  echo "== machine"
  lscpu 2>/dev/null | grep -E '^(Model name|CPU\(s\)|Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|NUMA node\(s\)|L3 cache)'
  grep -q avx512f /proc/cpuinfo && echo "avx512f: yes" || echo "avx512f: no"
  grep MemTotal /proc/meminfo
  df -h "$W" | tail -1
  mkdir -p "$W/kd"
  tar xzf "$archive" -C "$W/kd" --strip-components=1 || exit 1
fi
K="$W/kd/bin/klotski"
"$K" --version
TIMEFORMAT='%R s wall, %U s user, %S s sys'
if [ ! -e "$W/db/CURRENT" ]; then
  echo "== build ($(el) s)"
  time "$K" build --db "$W/db" --no-progress ${classes:+--classes $classes} > "$W/build.log" 2>&1
  tail -22 "$W/build.log"
fi
if [ ! -e "$W/release.done" ]; then
  echo "== release until $limit s ($(el) s)"
  JDK_JAVA_OPTIONS="-Xlog:gc:file=$W/gc-$start.log" "$K" release --db "$W/db" --out "$W/release" --no-progress \
    ${classes:+--classes $classes} > >(while IFS= read -r l; do echo "$(el) $l"; done >> "$W/release.log") 2>&1 &
  pid=$!
  rstart=$(date +%s)
  read -r busy0 all0 <<< "$(ticks)"
  last=$rstart peak=0 threads=0 cpu=0 stopped=
  while kill -0 $pid 2>/dev/null; do
    for p in $(cat /proc/$pid/task/*/children 2>/dev/null) $pid; do
      h=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\).*/\1/p' /proc/$p/status 2>/dev/null)
      t=$(sed -n 's/^Threads:[[:space:]]*\([0-9]*\).*/\1/p' /proc/$p/status 2>/dev/null)
      c=$(awk '{print $14+$15}' /proc/$p/stat 2>/dev/null)
      [ -n "$h" ] && [ "$h" -gt "$peak" ] && peak=$h
      [ -n "$t" ] && [ "$t" -gt "$threads" ] && threads=$t
      [ -n "$c" ] && [ "$c" -gt "$cpu" ] && cpu=$c
    done
    now=$(date +%s)
    if [ $(( now - last )) -ge 10 ]; then
      read -r busy1 all1 <<< "$(ticks)"
      echo "$(el) s: $(ls "$W/release" 2>/dev/null | grep -c '^farthest_') classes done, busy" \
        "$(awk -v b=$(( busy1 - busy0 )) -v a=$(( all1 - all0 )) -v n=$cores 'BEGIN {printf "%.1f", a ? n * b / a : 0}') of $cores cores," \
        "release CPU $(( cpu / hz )) s, peak RSS $(( peak / 1024 )) MiB"
      busy0=$busy1 all0=$all1 last=$now
    fi
    if [ -z "$stopped" ] && [ $(el) -ge "$limit" ]; then
      echo "-- $limit s: the release stopped (SIGTERM); run again to go on"
      pkill -TERM -P $pid 2>/dev/null
      kill -TERM $pid 2>/dev/null
      stopped=1
    fi
    sleep 1
  done
  wait $pid
  rc=$?
  echo "release exit $rc after $(( $(date +%s) - rstart )) s: CPU at least $(( cpu / hz )) s, peak RSS" \
    "$(( peak / 1024 )) MiB, at most $threads threads"
  grep -v '^[0-9]* *$' "$W/release.log" | tail -14
  echo "gc: $(cat "$W"/gc-*.log | grep -c 'Pause Full') full and $(cat "$W"/gc-*.log | grep -c 'Pause Young') young" \
    "collections, $(cat "$W"/gc-*.log | grep -o '[0-9.]*ms$' | awk '{s += $1} END {printf "%.1f", s / 1000}') s of pauses"
  echo "classes written: $(ls "$W/release" 2>/dev/null | grep -c '^farthest_')"
  [ $rc = 0 ] && touch "$W/release.done"
fi
if [ -e "$W/release.done" ]; then
  echo "== md5sum -c, $cores parts at once ($(el) s)"
  (
    cd "$W/release" || exit 1
    echo "$(ls | wc -l) files, $(wc -l < MD5SUMS) in MD5SUMS, $(du -sb . | cut -f1) bytes"
    parts=$(mktemp -d)
    split -n "l/$cores" MD5SUMS "$parts/p."
    time (for f in "$parts"/p.*; do [ -s "$f" ] && md5sum -c --quiet "$f" > "$f.out" 2>&1 & done; wait)
    echo "md5sum -c: $(cat "$parts"/*.out 2>/dev/null | wc -l) lines of complaint"
    cat "$parts"/*.out 2>/dev/null | head
    rm -rf "$parts"
  )
  echo "== verify --published ($(el) s)"
  time "$K" verify --published --db "$W/db"
  echo "verify exit $?"
fi
echo "== $(el) s"
