#!/usr/bin/env bash
# Lint: `swift format lint --strict` over every Swift file (Sources, Tests,
# Package.swift). swift format takes, for each file, the nearest .swift-format
# above it: the root one (no force-unwrap, no force-try, no implicitly unwrapped
# optionals; 4-space indent, 120 columns) for Sources and Package.swift, and
# Tests/.swift-format (the same rules, but tests may force-unwrap and force-try)
# for Tests. Any finding fails the run.
#   scripts/lint.sh          check (CI runs this before the tests)
#   scripts/lint.sh --fix    format in place with the same configurations
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Package.swift)
if [ "${1:-}" = "--fix" ]; then
  exec swift format format --in-place --parallel --recursive "${paths[@]}"
fi
exec swift format lint --strict --parallel --recursive "${paths[@]}"
