#!/usr/bin/env bash
# In-tree fuzzing with libFuzzer (shipped with the Swift toolchain).
#
#   scripts/fuzz.sh [seconds] [target...]
#
# Builds `inkstone-fuzz` with -sanitize=fuzzer,address into .build-fuzz (a
# separate build: the main build stays uninstrumented), then runs each target
# (text, engines, reader; default all) for `seconds` (default $FUZZ_SECONDS or
# 600). Seeds come from fuzz/corpus/<target> and fuzz/regressions/<target>; new
# inputs go to .build-fuzz/corpus/<target>, crash reproducers to
# .build-fuzz/artifacts/<target>/ (copy the ones worth keeping to
# fuzz/regressions/<target>/: the test suite replays them). Known open defects
# can be stepped over with INKSTONE_FUZZ_TOLERATE (see FuzzTolerance.swift).
# FUZZ_SEED fixes libFuzzer's random seed (CI sets it, so that its short run
# repeats; leave it unset to explore).
# Exits 1 if any target found a crash or a broken invariant.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
seconds="${1:-${FUZZ_SECONDS:-600}}"
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(text engines reader)
mkdir -p .tmp
export TMPDIR="$PWD/.tmp"
unset DBUS_SESSION_BUS_ADDRESS

flags=(--scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DINKSTONE_LIBFUZZER)
swift build "${flags[@]}" --product inkstone-fuzz 2>&1 | grep -E "error|warning: unre|Build" || true
fuzzer="$(swift build "${flags[@]}" --show-bin-path)/inkstone-fuzz"
[ -x "$fuzzer" ] || { echo "fuzz: the libFuzzer build failed" >&2; exit 1; }

status=0
for target in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$target" ".build-fuzz/corpus/$target" ".build-fuzz/artifacts/$target"
  seeds=("fuzz/corpus/$target")
  [ -d "fuzz/regressions/$target" ] && seeds+=("fuzz/regressions/$target")
  log=".build-fuzz/$target.log"
  echo "fuzz $target: ${seconds} s"
  set +e
  INKSTONE_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$fuzzer" \
    ".build-fuzz/corpus/$target" "${seeds[@]}" \
    ${FUZZ_SEED:+-seed="$FUZZ_SEED"} -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix=".build-fuzz/artifacts/$target/" >"$log" 2>&1
  code=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  if [ $code -eq 0 ]; then
    echo "fuzz $target: $runs executions, no crash"
  else
    status=1
    echo "fuzz $target: FAILED after $runs executions (exit $code); reproducer in .build-fuzz/artifacts/$target/:"
    grep -E "invariant broken|ERROR: |Fatal error|SUMMARY|Test unit written" "$log" | head -8 | sed 's/^/  /'
  fi
done
exit $status
