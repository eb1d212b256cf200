#!/usr/bin/env bash
# Look-ups from a separate process: wrk (Debian's package) against a freshly started
# `klotski serve` over loopback, random ids of the whole database, the first run from the
# server's first second (cold) and the same again (warm). Usage: bench/serve-wrk.sh [DB] [SECONDS]
# [CONNECTIONS]; SERVE_ARGS adds options to serve (e.g. --no-warm-up).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
db="${1:-$here/data/klotski-db}"
secs="${2:-15}"
conns="${3:-64}"
command -v wrk >/dev/null || { echo "serve-wrk: wrk is not installed (apt-get install wrk)" >&2; exit 1; }
command -v curl >/dev/null || { echo "serve-wrk: curl is not installed" >&2; exit 1; }
work="$(mktemp -d)"
"$here/bin/klotski" serve --db "$db" --port 0 ${SERVE_ARGS:-} >"$work/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
url=""
for _ in $(seq 1 600); do
  url="$(sed -n 's/^serving .* at \(http:[^ ]*\) .*/\1/p' "$work/serve.log")"
  [ -n "$url" ] && break
  kill -0 $pid 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "serve-wrk: the server did not start in 60 s" >&2; exit 1; }
layouts="$(curl -s "${url}api/meta" | sed -n 's/^{"layouts":\([0-9]*\),.*/\1/p')"
cat >"$work/ids.lua" <<LUA
math.randomseed(os.time())
request = function()
  return wrk.format("GET", "/api/layout/%23" .. math.random(0, $layouts - 1))
end
LUA
for run in cold warm; do
  wrk -t2 -c"$conns" -d"${secs}s" --latency -s "$work/ids.lua" "$url" >"$work/$run.txt"
  rps="$(sed -n 's/^Requests\/sec: *//p' "$work/$run.txt")"
  p50="$(sed -n 's/^ *50% *//p' "$work/$run.txt")"
  p99="$(sed -n 's/^ *99% *//p' "$work/$run.txt")"
  bad="$(sed -n 's/^ *Non-2xx or 3xx responses: *//p' "$work/$run.txt")"
  errs="$(sed -n 's/^ *Socket errors: *//p' "$work/$run.txt")"
  echo "$run: ${rps} look-ups/s, p50 ${p50}, p99 ${p99}, non-2xx ${bad:-0}${errs:+, socket errors $errs} ($conns connections, ${secs} s, random ids of $layouts)"
done
