#!/usr/bin/env bash
# CPU µs per request of each stage of the /trends path (see stages.ts), wrk -t1 -c32 as bench/http.ts.
# ROUNDS (default 3) passes over all stages, DUR seconds each (default 3). Needs wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUN=./node_modules/.bin/bun
(LOG_LEVEL=silent NODE_ENV=production $BUN bench/profile/stages.ts > /dev/null & echo $! > /tmp/ti-stages.pid; wait) &
sleep 4
PID=$(cat /tmp/ti-stages.pid); K=$(cat /tmp/ti-stages/key)
cpu() { awk '{print $14+$15}' /proc/$PID/stat; }
tck=$(getconf CLK_TCK)
for r in $(seq 1 "${ROUNDS:-3}"); do
  for u in "18902/ bare-Bun.serve" "18901/elysia elysia-route" "18901/resolve?source=youtube +key-resolution" "18901/derive?source=youtube +identity-derive-hook" \
           "18901/validate?source=youtube +query-transform+validation" "18901/async?source=youtube +async-handler" "18901/handler?source=youtube +handler+envelope" \
           "18901/turn?source=youtube +await-next-turn(no-sqlite)" "18901/charge?source=youtube +group-commit-charge" \
           "18903/api/public/trends?source=youtube real-/trends" "18903/api/public/usage real-/usage"; do
    set -- $u
    c0=$(cpu); out=$(wrk -t1 -c32 -d"${DUR:-3}"s --latency -H "x-service-api-key: $K" "http://127.0.0.1:$1"); c1=$(cpu)
    n=$(echo "$out" | grep -Eo "[0-9]+ requests in" | grep -Eo "[0-9]+")
    echo "round=$r $2 $(echo "$out" | grep -Eo 'Requests/sec: +[0-9.]+' | tr -s ' ') p99=$(echo "$out" | grep -E '^ +99%' | awk '{print $2}') non2xx=$(echo "$out" | grep -Eo 'Non-2xx or 3xx responses: [0-9]+' | grep -Eo '[0-9]+$' || echo 0) cpu_us_per_req=$(python3 -c "print(round(($c1-$c0)*1e6/$tck/$n,1))")"
  done
done
echo "meter: $(cat /tmp/ti-stages/meter.json)"
kill $PID
