#!/usr/bin/env bash
# The project's test command (README, .ci/run): the unit/integration suite under bun test, then the
# container test (skipped with a message only where podman genuinely cannot run), then one summary.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
export LOG_LEVEL=silent
bun test 2>&1 | tee .tmp/unit.log
unit=${PIPESTATUS[0]}
pass=$(grep -Eo '^ *[0-9]+ pass' .tmp/unit.log | tail -1 | grep -Eo '[0-9]+' || echo 0)
fail=$(grep -Eo '^ *[0-9]+ fail' .tmp/unit.log | tail -1 | grep -Eo '[0-9]+' || echo 0)
ct=0
if [ "${SKIP_CONTAINER_TEST:-}" = "1" ]; then
  echo "container test: SKIP (SKIP_CONTAINER_TEST=1)"
else
  bash scripts/container-test.sh 2>&1 | tee .tmp/container.log
  ct=${PIPESTATUS[0]}
  cpass=$(grep -Eo 'container test: [0-9]+ passed' .tmp/container.log | grep -Eo '[0-9]+' || echo 0)
  cfail=$(grep -Eo '[0-9]+ failed' .tmp/container.log | tail -1 | grep -Eo '[0-9]+' || echo 0)
  pass=$((pass + cpass)); fail=$((fail + cfail))
  [ "$ct" -ne 0 ] && [ "$cfail" -eq 0 ] && fail=$((fail + 1))
fi
[ "$unit" -ne 0 ] && [ "$fail" -eq 0 ] && fail=1
echo "tests: $pass passed, $fail failed"
[ "$unit" -eq 0 ] && [ "$ct" -eq 0 ]
