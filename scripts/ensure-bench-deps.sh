#!/usr/bin/env bash
# Installs the Debian packages the benchmarks compare Inkstone with (stock fcitx5,
# fcitx5-hangul, fcitx5-pinyin), and the build, run and test packages, if missing.
set -euo pipefail
exec "$(dirname "$0")/ensure-deps.sh" --bench
