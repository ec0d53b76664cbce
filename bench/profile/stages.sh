#!/usr/bin/env bash
# CPU µs per request of each stage of the /trends path (see stages.ts). Needs wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUN=./node_modules/.bin/bun
(LOG_LEVEL=silent $BUN bench/profile/stages.ts > /dev/null & echo $! > /tmp/ti-stages.pid; wait) &
sleep 4
PID=$(cat /tmp/ti-stages.pid); K=$(cat /tmp/ti-stages.key)
cpu() { awk '{print $14+$15}' /proc/$PID/stat; }
tck=$(getconf CLK_TCK)
for u in "18902/x bare-Bun.serve" "18901/a?source=youtube elysia+auth" "18901/b3?source=youtube +parse+handler+envelope" "18901/b?source=youtube +elysia-query" "18901/c?source=youtube +group-commit-charge" "18901/d?source=youtube full-pipeline" "18903/api/public/trends?source=youtube real-server"; do
  set -- $u
  c0=$(cpu); out=$(wrk -t1 -c32 -d3s -H "x-service-api-key: $K" "http://127.0.0.1:$1"); c1=$(cpu)
  n=$(echo "$out" | grep -Eo "[0-9]+ requests in" | grep -Eo "[0-9]+")
  echo "$2 $(echo "$out" | grep -Eo 'Requests/sec: +[0-9.]+') cpu_us_per_req=$(python3 -c "print(round(($c1-$c0)*1e6/$tck/$n,1))")"
done
kill $PID
