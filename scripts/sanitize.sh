#!/usr/bin/env bash
# Builds and runs the whole test suite under a sanitizer, in its own build folder.
#
#   scripts/sanitize.sh address     AddressSanitizer, .build-asan
#   scripts/sanitize.sh thread      ThreadSanitizer, .build-tsan
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
swift test --skip-build --scratch-path "$scratch"
