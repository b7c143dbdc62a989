#!/bin/sh
# What one message costs to build with libdbus (Inkstone's D-Bus library) and
# with sd-bus (stock fcitx5's), in instructions under callgrind: a method
# return carrying a boolean (a key's reply) and an fcitx5
# UpdateFormattedPreedit(a(si) i) signal to one destination; for libdbus also
# that signal loaded back from its wire bytes (dbus_message_demarshal). Each
# figure is (instructions for N messages − instructions for 0) / N.
#
# Then a whole call, service side: the raw echo service answering N Echo
# calls from the same client on a private bus (scripts/profile-keys.sh), once
# as inkstone-bench's libdbus echo (the benchmarks' baseline; needs the
# release build) and once as bench/dbus-message-cost/sdbus-echo.c, the same
# service on sd-bus. Reading the call, dispatching it and sending the reply
# are all counted, the socket calls included.
# Needs libdbus-1-dev, libsystemd-dev and valgrind (scripts/ensure-deps.sh).
#
#   scripts/dbus-message-cost.sh [N]
set -eu
count=${1:-1000}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-${TMPDIR:-/tmp}/inkstone-message-cost}
mkdir -p "$out"
cc -O2 -o "$out/libdbus" "$root/bench/dbus-message-cost/libdbus.c" $(pkg-config --cflags --libs dbus-1)
cc -O2 -o "$out/sdbus" "$root/bench/dbus-message-cost/sdbus.c" $(pkg-config --cflags --libs libsystemd)
cc -O2 -o "$out/sdbus-echo" "$root/bench/dbus-message-cost/sdbus-echo.c" $(pkg-config --cflags --libs libsystemd)
set -- $(dbus-daemon --session --print-address=1 --fork --print-pid=1 --nopidfile | head -2)
DBUS_SESSION_BUS_ADDRESS=$1
export DBUS_SESSION_BUS_ADDRESS
buspid=$2
trap 'kill "$buspid" 2>/dev/null || true' EXIT

instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

per_message() {
    empty=$(instructions "$1" "$2" 0)
    full=$(instructions "$1" "$2" "$count")
    echo $(((full - empty) / count))
}

printf '%-44s %12s\n' "message ($count each)" "instructions"
printf '%-44s %12s\n' "libdbus: reply (b)" "$(per_message "$out/libdbus" reply)"
printf '%-44s %12s\n' "sd-bus:  reply (b), sealed" "$(per_message "$out/sdbus" reply)"
printf '%-44s %12s\n' "libdbus: signal a(si) i, addressed" "$(per_message "$out/libdbus" signal)"
printf '%-44s %12s\n' "libdbus: the same signal demarshalled" "$(per_message "$out/libdbus" demarshal)"
printf '%-44s %12s\n' "sd-bus:  signal a(si) i, addressed, sealed" "$(per_message "$out/sdbus" signal)"

per_call() {
    OUT="$out/echo" PROFILE=callgrind "$root/scripts/profile-keys.sh" "$1" "$count" Echo |
        sed -n 's/^\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d , | {
        read -r total
        echo $((total / count))
    }
}

printf '%-44s %12s\n' "echo call, service side ($count calls)" "instructions"
printf '%-44s %12s\n' "libdbus: inkstone-bench echo-service" "$(per_call "$root/.build/release/inkstone-bench")"
printf '%-44s %12s\n' "sd-bus:  sdbus-echo" "$(per_call "$out/sdbus-echo")"
