#!/bin/sh
# Where a key's wall time goes inside each server: runs a benchmark of the release build
# (default `inkstone-bench compat`) with bench/trace-sends/trace-sends.c preloaded into every
# process it starts, then prints, per server and key method, the medians (and quartiles) of
# the time from the moment the key's message was read to its first message out (the start of
# the write that wakes the bus), to the end of that write, and to the end of the reply's write.
#
# The write that wakes dbus-daemon is often the slow one: on a 2-CPU machine the bus may run
# on the server's CPU at once and route the message before the write returns. inkstoned writes
# a call's signals and reply together (DBusKit's gathered writes): a write counts as the reply's
# when the last message it carries is a reply.
#
#   scripts/trace-sends.sh [inkstone-bench arguments]      # e.g. compat, or keys --quick
#   BIN=folder scripts/trace-sends.sh compat    # the inkstone-bench (and so the inkstoned) in folder
set -eu
cd "$(dirname "$0")/.."
mkdir -p .tmp
export TMPDIR="$PWD/.tmp"
[ $# -gt 0 ] || set -- compat
if [ -n "${BIN:-}" ]; then
    bin=$BIN
else
    bin=$(swift build -c release --show-bin-path)
    [ -x "$bin/inkstone-bench" ] && [ -x "$bin/inkstoned" ] || make release
fi
cc -O2 -shared -fPIC -o .tmp/trace-sends.so bench/trace-sends/trace-sends.c -ldl
traces=$(mktemp -d "$TMPDIR/trace-sends.XXXXXX")
TRACE_SENDS_DIR="$traces" LD_PRELOAD="$PWD/.tmp/trace-sends.so" "$bin/inkstone-bench" "$@"
/usr/bin/python3 -P - "$traces" <<'PY'
import glob, os, statistics, sys

WRITE_START, WRITE_END, READ, SLEEP, WAKE = 1, 2, 3, 4, 5
MEMBERS = {1: "ProcessKeyEvent", 2: "ProcessKeyEventBatch"}
RETURN = 2

def quartiles(values):
    values = sorted(values)
    return (statistics.median(values), values[len(values) // 4], values[3 * len(values) // 4])

for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.trace"))):
    records = [tuple(int(field) for field in line.split()) for line in open(path)]
    calls = {}
    for index, (time, event, kind, member) in enumerate(records):
        if event != READ or member not in MEMBERS:
            continue
        first_start = first_end = reply_end = None
        for later in range(index + 1, len(records)):
            later_time, later_event, later_kind, _ = records[later]
            if later_event in (SLEEP, READ):
                break
            if later_event == WRITE_START and first_start is None:
                first_start = later_time
            elif later_event == WRITE_END and first_end is None:
                first_end = later_time
            if later_event == WRITE_END and later_kind == RETURN:
                reply_end = later_time
                break
        if first_start is None or reply_end is None:
            continue
        calls.setdefault(member, []).append(
            ((first_start - time) / 1e3, (first_end - time) / 1e3, (reply_end - time) / 1e3))
    for member, rows in sorted(calls.items()):
        name = os.path.basename(path).rsplit("-", 1)[0]
        columns = [quartiles([row[i] for row in rows]) for i in range(3)]
        print(f"{name} {MEMBERS[member]} ({len(rows)} calls), µs after the call was read, median (p25–p75):"
              f" first write starts {columns[0][0]:.1f} ({columns[0][1]:.1f}–{columns[0][2]:.1f}),"
              f" ends {columns[1][0]:.1f} ({columns[1][1]:.1f}–{columns[1][2]:.1f}),"
              f" reply written {columns[2][0]:.1f} ({columns[2][1]:.1f}–{columns[2][2]:.1f})")
PY
rm -rf "$traces"
