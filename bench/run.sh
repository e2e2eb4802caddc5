#!/usr/bin/env bash
# Throughput of the service's hot paths as ratios to a bare Deno.serve answer, measured in the same run.
#   deno task bench            (needs wrk: apt-get install wrk; builds dist if stale)
# Environment: DURATION (default 5s), REPEAT (default 5: each figure is the median), CONNECTIONS (default 32),
# THREADS (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
DENO=node_modules/.bin/deno
DURATION=${DURATION:-5s}
REPEAT=${REPEAT:-5}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-1}
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }

$DENO task build --if-stale --quiet
PORT=8090 $DENO run --allow-net --allow-env bench/bare_server.ts & bare=$!
PORT=8091 PAYMENTS=off RATE_LIMIT=off LOG_LEVEL=error $DENO run --allow-read --allow-net --allow-env --allow-ffi src/main.ts & svc=$!
PORT=8092 PAYMENTS=${BENCH_PAYMENTS:-on} RATE_LIMIT=off LOG_LEVEL=error $DENO run --allow-read --allow-net --allow-env --allow-ffi src/main.ts & paid=$!
trap 'kill $bare $svc $paid 2>/dev/null' EXIT
wait_for() { for _ in $(seq 150); do curl -s -o /dev/null "http://127.0.0.1:$1/healthz" && return 0; sleep 0.2; done; echo "port $1 did not answer" >&2; exit 1; }
wait_for 8090; wait_for 8091; wait_for 8092

# 100 distinct ids of the embedded tree, and 10 bricks of the embedded release.
ids100=$(awk -F, 'NR > 1 && !seen[$1]++ && n++ < 100 { print $1 }' data/browse/amazon-us-grocery/*.csv | paste -sd,)
bricks=$(grep -o '<brick code="[0-9]*"' data/gpc/*.xml | awk -F'"' 'NR <= 10 { print $2 }' | paste -sd,)

# The median of REPEAT runs: wrk and the server share two cores, so single runs vary by a fifth.
rps() {
  for _ in $(seq "$REPEAT"); do wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$1" | awk '/Requests\/sec/ {print $2}'; done |
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION, median of $REPEAT runs, ratios to the bare answer measured in this run"
printf '%-44s %12s %8s\n' "case" "requests/s" "ratio"
base=$(rps "http://127.0.0.1:8090/")
printf '%-44s %12.0f %8s\n' "bare Deno.serve" "$base" "1.00"
row() { local r; r=$(rps "$2"); printf '%-44s %12.0f %8.2f\n' "$1" "$r" "$(echo "$r / $base" | bc -l)"; }
row "bare Deno.serve, classify-shaped answer" "http://127.0.0.1:8090/shaped"
row "classify, 1 id (PAYMENTS=off)" "http://127.0.0.1:8091/v1/reference/classify?browse_id=16310211"
row "classify, 100 ids (PAYMENTS=off)" "http://127.0.0.1:8091/v1/reference/classify?browse_id=$ids100"
row "classify, q=bread (PAYMENTS=off)" "http://127.0.0.1:8091/v1/reference/classify?q=bread"
row "brick-attributes, 1 code (PAYMENTS=off)" "http://127.0.0.1:8091/v1/reference/brick-attributes?gpc_code=10000155"
row "brick-attributes, 10 codes (PAYMENTS=off)" "http://127.0.0.1:8091/v1/reference/brick-attributes?gpc_code=$bricks"
row "stats" "http://127.0.0.1:8091/v1/public/stats"
row "classify 402 challenge (PAYMENTS=on)" "http://127.0.0.1:8092/v1/reference/classify?browse_id=16310211"
row "classify 400, free (PAYMENTS=on)" "http://127.0.0.1:8092/v1/reference/classify?browse_id=x"
