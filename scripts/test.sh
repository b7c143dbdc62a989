#!/usr/bin/env bash
# The test command: installs missing packages, builds everything (debug, with
# tests) and runs the whole suite. Every D-Bus test starts its own private
# dbus-daemon; no session bus is needed or touched.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
mkdir -p .tmp
export TMPDIR="$PWD/.tmp"          # SwiftPM leaves temp folders behind
unset DBUS_SESSION_BUS_ADDRESS      # tests must never reach a real session bus
swift build --build-tests "$@"
swift test --skip-build "$@"
