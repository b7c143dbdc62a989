#!/bin/sh
# Where the daemon's time per key goes: starts a private dbus-daemon and the
# given inkstoned, types N keys (press and release) into a default context
# through METHOD (ProcessKeyEvent or ProcessKeyEventReporting), one call at a
# time as a client would, and prints the daemon's CPU time per key event.
# ENGINE picks the engine (hangul, the default, types g k s r m f space;
# direct types i n k s t o n e). OBSERVERS=N (default 0) shares the document
# with N more connections, each watching it through a context of its own
# (notifications=text), to see what the daemon spends per observer.
#
# METHOD Echo profiles the baseline instead: PROGRAM is then inkstone-bench,
# whose raw libdbus echo service (`inkstone-bench echo-service`) answers N
# Echo calls, so the two figures can be set side by side.
#
# FRONT=fcitx5 types through the fcitx5 protocol instead (METHOD ProcessKeyEvent,
# the default, or ProcessKeyEventBatch): one context with the GTK3 module's
# capabilities, Hangul switched on with Control+space, then g k s r m f space,
# press and release. PROGRAM is inkstoned (started with `--compat fcitx5`) or
# stock /usr/bin/fcitx5 (with fcitx5-hangul, on a profile of its own), so both
# servers are measured with the same client.
#
# With PROFILE=callgrind the program runs under valgrind and the instruction
# counts of the measured calls (warm-up excluded) are written to
# $OUT/callgrind.out and summarised (callgrind_annotate); divide by N. The
# program is profiled as a copy without debug info (objcopy --strip-debug).
# CALLGRIND_OPTIONS adds options (scripts/hot-functions.sh keeps names mangled).
#
# The program runs with SWIFT_DETERMINISTIC_HASHING=1: Swift seeds its hashing
# per process, so dictionary and set lookups would take a different number of
# instructions from run to run; with a fixed seed the counts repeat exactly.
#
# With PROFILE=perf the program runs under `perf record` (software cpu-clock
# sampling at 15 kHz, DWARF call graphs) for the whole run, warm-up and start
# included; the inclusive shares of its CPU by function are written to
# $OUT/perf.txt (demangled) and the first lines printed.
#
#   scripts/profile-keys.sh .build/release/inkstoned [N] [METHOD]
#   ENGINE=direct PROFILE=callgrind scripts/profile-keys.sh .build/release/inkstoned 2000
#   ENGINE=direct PROFILE=perf scripts/profile-keys.sh .build/release/inkstoned 8000
#   PROFILE=callgrind scripts/profile-keys.sh .build/release/inkstone-bench 2000 Echo
#   FRONT=fcitx5 scripts/profile-keys.sh .build/release/inkstoned 20000
#   FRONT=fcitx5 scripts/profile-keys.sh /usr/bin/fcitx5 20000 ProcessKeyEventBatch
#   FRONT=fcitx5 PROFILE=perf scripts/profile-keys.sh .build/release/inkstoned 20000
set -eu
export SWIFT_DETERMINISTIC_HASHING=1
program=$1
keys=${2:-20000}
method=${3:-ProcessKeyEvent}
engine=${ENGINE:-hangul}
front=${FRONT:-inkstone}
out=${OUT:-${TMPDIR:-/tmp}/inkstone-profile}
mkdir -p "$out"
set -- $(dbus-daemon --session --print-address=1 --fork --print-pid=1 --nopidfile | head -2)
address=$1
buspid=$2
daemonpid=
trap 'kill "$daemonpid" 2>/dev/null || true; kill "$buspid" 2>/dev/null || true' EXIT
if [ "$method" = Echo ]; then
    set -- "$program" echo-service --address "$address"
elif [ "$front" = fcitx5 ] && [ "$(basename "$program")" = fcitx5 ]; then
    # Stock fcitx5: a profile with keyboard-us and hangul (Control+space turns it on),
    # only the addons the protocol and the input method need, no display.
    home="$out/fcitx5-home"
    mkdir -p "$home/fcitx5"
    printf '%s\n' '[Groups/0]' 'Name=Default' 'Default Layout=us' 'DefaultIM=hangul' '' \
        '[Groups/0/Items/0]' 'Name=keyboard-us' 'Layout=' '' '[Groups/0/Items/1]' 'Name=hangul' 'Layout=' '' \
        '[GroupOrder]' '0=Default' >"$home/fcitx5/profile"
    export DBUS_SESSION_BUS_ADDRESS="$address" XDG_CONFIG_HOME="$home" XDG_DATA_HOME="$home/data" DISPLAY= \
        WAYLAND_DISPLAY=
    set -- "$program" --disable=all --enable=dbus,dbusfrontend,keyboard,hangul
elif [ "$front" = fcitx5 ]; then
    set -- "$program" --address "$address" --compat fcitx5
else
    set -- "$program" --address "$address"
fi
if [ "${PROFILE:-}" = callgrind ]; then
    # Valgrind cannot read the DWARF 5 debug info of a Swift release build: profile a
    # copy without it (the symbol table stays, so functions keep their names).
    stripped="$out/$(basename "$program")-nodebug"
    objcopy --strip-debug "$program" "$stripped"
    shift
    set -- "$stripped" "$@"
    # CALLGRIND_OPTIONS is left unquoted: it is a list of options.
    valgrind --tool=callgrind --instr-atstart=no ${CALLGRIND_OPTIONS:-} --callgrind-out-file="$out/callgrind.out" \
        "$@" 2>"$out/valgrind.log" &
elif [ "${PROFILE:-}" = perf ]; then
    perf record -q -F 15000 -e cpu-clock --call-graph dwarf,16384 -o "$out/perf.data" \
        "$@" 2>"$out/daemon.log" &
else
    "$@" 2>"$out/daemon.log" &
fi
daemonpid=$!
if [ "${PROFILE:-}" = perf ]; then
    # perf forks the program: measure and stop the program itself, not perf.
    for _ in $(seq 100); do
        child=$(pgrep -P "$daemonpid" | head -1 || true)
        [ -n "$child" ] && break
        sleep 0.1
    done
    perfpid=$daemonpid
    daemonpid=$child
fi
/usr/bin/python3 -P - "$address" "$keys" "$method" "$daemonpid" "${PROFILE:-}" "$engine" "${OBSERVERS:-0}" "$front" <<'PY'
import os, subprocess, sys, time
import dbus, dbus.bus
address, keys, method, pid, profile, engine, observers, front = sys.argv[1:9]
keys, observers = int(keys), int(observers)
bus = dbus.bus.BusConnection(address)
if method == "Echo":
    name = "org.inkstone.BenchEcho"
elif front == "fcitx5":
    name = "org.fcitx.Fcitx5"
else:
    name = "org.inkstone.Inkstone1"
for _ in range(3000):
    if bus.name_has_owner(name): break
    time.sleep(0.1)
if method == "Echo":
    echo = dbus.Interface(bus.get_object(name, "/", introspect=False), name).Echo
    def call_once(i):
        echo("こんにちは hello", signature="s")
elif front == "fcitx5":
    # The signals each key causes are unicast to this connection and read (dispatched).
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
    bus = dbus.bus.BusConnection(address, mainloop=DBusGMainLoop())
    seen = [0]
    bus.add_message_filter(lambda connection, message: seen.__setitem__(0, seen[0] + 1))
    method_object = bus.get_object(name, "/org/freedesktop/portal/inputmethod")
    path, _ = method_object.CreateInputContext(
        [("display", "x11:"), ("program", "profile-keys")], dbus_interface="org.fcitx.Fcitx.InputMethod1")
    context = dbus.Interface(bus.get_object(name, path), "org.fcitx.Fcitx.InputContext1")
    context.SetCapability(dbus.UInt64(0xe000000012))
    context.FocusIn()
    call = getattr(context, method)
    call(dbus.UInt32(0x20), dbus.UInt32(0), dbus.UInt32(1 << 2), False, dbus.UInt32(0))  # Hangul on
    symbols = [ord(c) for c in "gksrmf "]
    main = GLib.MainContext.default()
    def call_once(i):
        sym = symbols[(i // 2) % len(symbols)]
        call(dbus.UInt32(sym), dbus.UInt32(0), dbus.UInt32(0), dbus.Boolean(i % 2 == 1), dbus.UInt32(0))
        while main.iteration(False): pass
else:
    service = bus.get_object(name, "/org/inkstone/Inkstone1")
    options = [f"engine={engine}"]
    watchers = []
    if observers:
        document = service.CreateDocument(dbus_interface="org.inkstone.Inkstone1")
        options.append(f"document={document}")
        for _ in range(observers):
            watcher = dbus.bus.BusConnection(address)
            bus.get_object(name, document).Share(watcher.get_unique_name(), dbus_interface="org.inkstone.Document1")
            watcher.get_object(name, "/org/inkstone/Inkstone1").NewInputContext(
                [f"document={document}", "notifications=text"], dbus_interface="org.inkstone.Inkstone1")
            watchers.append(watcher)
    path = service.NewInputContext(options, dbus_interface="org.inkstone.Inkstone1")
    context = dbus.Interface(bus.get_object(name, path), "org.inkstone.InputContext1")
    call = getattr(context, method)
    symbols = [ord(c) for c in ("gksrmf " if engine == "hangul" else "inkstone")]
    def call_once(i):
        sym = symbols[(i // 2) % len(symbols)]
        call(dbus.UInt32(sym), dbus.UInt32(0), dbus.UInt32(0), dbus.Boolean(i % 2 == 1), dbus.UInt32(0))
def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
def run(n):
    for i in range(n): call_once(i)
run(200)
if profile == "callgrind":
    subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
start = cpu()
run(keys)
spent = cpu() - start
if profile == "callgrind":
    subprocess.run(["callgrind_control", "-d", pid], check=True, capture_output=True)
    subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
if method == "Echo":
    label = "Echo"
elif front == "fcitx5":
    seen[0] = 0
    run(700)
    label = (f"fcitx5 {method} (hangul, {os.path.basename(os.readlink(f'/proc/{pid}/exe'))},"
             f" {seen[0] / 700:.2f} signals per call)")
else:
    label = f"{method} ({engine}{f', {observers} observers' if observers else ''})"
print(f"{label}: {keys} calls, CPU {spent * 1e6 / keys:.1f} µs per call")
PY
if [ "${PROFILE:-}" = perf ]; then
    kill -INT "$daemonpid"
    wait "$perfpid" 2>/dev/null || true
    perf report -i "$out/perf.data" --children --sort sym -g none --percent-limit 0.5 --stdio 2>/dev/null |
        swift demangle --simplified >"$out/perf.txt"
    grep -v '^#' "$out/perf.txt" | grep -v '^$' | head -60
fi
if [ "${PROFILE:-}" = callgrind ]; then
    sleep 1
    dump=$(ls -t "$out"/callgrind.out* | head -1)
    callgrind_annotate --inclusive=yes "$dump" 2>/dev/null | head -60
fi
