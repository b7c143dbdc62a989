#!/usr/bin/env bash
# Builds and runs the whole test suite under a sanitizer, in its own build folder.
#
#   scripts/sanitize.sh address     AddressSanitizer, .build-asan
#   scripts/sanitize.sh thread      ThreadSanitizer, .build-tsan
#
# Under ThreadSanitizer the tests (and the daemons they start) run with
# scripts/tsan-swift-mutex.c preloaded: it shows ThreadSanitizer the hand-over of a
# contended Synchronization.Mutex, which happens in the kernel (see that file).
# Every process the tests start (daemons, clients) writes its reports to
# .tmp/<sanitizer>-reports/ rather than to a stderr a test may keep to itself; the
# script prints them and fails when there is any.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizer="${1:?usage: scripts/sanitize.sh address|thread}"
case "$sanitizer" in
  address) scratch=.build-asan ;;
  thread) scratch=.build-tsan ;;
  *) echo "unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
esac
scripts/ensure-deps.sh
mkdir -p .tmp
export TMPDIR="$PWD/.tmp"
unset DBUS_SESSION_BUS_ADDRESS
swift build --build-tests -Xswiftc -sanitize="$sanitizer" --scratch-path "$scratch"
if [ "$sanitizer" = thread ]; then
  clang -shared -fPIC -O2 -o "$scratch/tsan-swift-mutex.so" scripts/tsan-swift-mutex.c -ldl
  export LD_PRELOAD="$PWD/$scratch/tsan-swift-mutex.so${LD_PRELOAD:+:$LD_PRELOAD}"
fi
reports="$PWD/.tmp/$sanitizer-reports"
rm -rf "$reports"
mkdir -p "$reports"
case "$sanitizer" in
  address) export ASAN_OPTIONS="log_path=$reports/report${ASAN_OPTIONS:+:$ASAN_OPTIONS}" ;;
  thread) export TSAN_OPTIONS="log_path=$reports/report${TSAN_OPTIONS:+:$TSAN_OPTIONS}" ;;
esac
status=0
swift test --skip-build --scratch-path "$scratch" || status=$?
if compgen -G "$reports/report.*" >/dev/null; then
  cat "$reports"/report.*
  echo "sanitizer reports from $(ls "$reports" | wc -l) processes (in $reports)" >&2
  status=1
fi
exit "$status"
