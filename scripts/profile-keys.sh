#!/bin/sh
# Where the daemon's time per key goes: starts a private dbus-daemon and the
# given inkstoned, types N Hangul keys (press and release, g k s r m f space)
# into a default context through METHOD (ProcessKeyEvent or
# ProcessKeyEventReporting), one call at a time as a client would, and prints
# the daemon's CPU time per key. With PROFILE=callgrind the daemon runs under
# valgrind and the instruction counts of the typed keys (warm-up excluded)
# are written to $OUT/callgrind.out and summarised (callgrind_annotate).
#
#   scripts/profile-keys.sh .build/release/inkstoned [N] [METHOD]
set -eu
daemon=$1
keys=${2:-20000}
method=${3:-ProcessKeyEvent}
out=${OUT:-${TMPDIR:-/tmp}/inkstone-profile}
mkdir -p "$out"
set -- $(dbus-daemon --session --print-address=1 --fork --print-pid=1 --nopidfile | head -2)
address=$1
buspid=$2
daemonpid=
trap 'kill "$daemonpid" 2>/dev/null; kill "$buspid" 2>/dev/null' EXIT
if [ "${PROFILE:-}" = callgrind ]; then
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/callgrind.out" \
        "$daemon" --address "$address" 2>"$out/valgrind.log" &
else
    "$daemon" --address "$address" 2>"$out/daemon.log" &
fi
daemonpid=$!
/usr/bin/python3 -P - "$address" "$keys" "$method" "$daemonpid" "${PROFILE:-}" <<'PY'
import os, subprocess, sys, time
import dbus, dbus.bus
address, keys, method, pid, profile = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
bus = dbus.bus.BusConnection(address)
for _ in range(3000):
    if bus.name_has_owner("org.inkstone.Inkstone1"): break
    time.sleep(0.1)
service = bus.get_object("org.inkstone.Inkstone1", "/org/inkstone/Inkstone1")
path = service.NewInputContext(["engine=hangul"], dbus_interface="org.inkstone.Inkstone1")
context = dbus.Interface(bus.get_object("org.inkstone.Inkstone1", path), "org.inkstone.InputContext1")
call = getattr(context, method)
symbols = [ord(c) for c in "gksrmf "]
def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
def type_keys(n):
    for i in range(n):
        sym = symbols[(i // 2) % len(symbols)]
        call(dbus.UInt32(sym), dbus.UInt32(0), dbus.UInt32(0), dbus.Boolean(i % 2 == 1), dbus.UInt32(0))
type_keys(200)
if profile == "callgrind":
    subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
start = cpu()
type_keys(keys)
spent = cpu() - start
if profile == "callgrind":
    subprocess.run(["callgrind_control", "-d", pid], check=True, capture_output=True)
    subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
print(f"{method}: {keys} key events, daemon CPU {spent * 1e6 / keys:.1f} µs per event")
PY
if [ "${PROFILE:-}" = callgrind ]; then
    sleep 1
    dump=$(ls -t "$out"/callgrind.out* | head -1)
    callgrind_annotate --inclusive=yes "$dump" 2>/dev/null | head -40
fi
