#!/usr/bin/env bash
# The run command: installs missing packages, builds inkstoned and the client
# inkstone (release) and runs the daemon in the foreground on the session bus. With no session bus
# (DBUS_SESSION_BUS_ADDRESS unset and no $XDG_RUNTIME_DIR/bus) it starts a
# private dbus-daemon first and prints the address to export.
set -euo pipefail
cd "$(dirname "$0")/.."
# INKSTONE_BIN names an already built daemon (the tests use it); otherwise
# install what is missing and build a release binary.
bin="${INKSTONE_BIN:-}"
if [ -z "$bin" ]; then
  scripts/ensure-deps.sh
  mkdir -p .tmp
  export TMPDIR="$PWD/.tmp"
  swift build -c release --product inkstoned
  swift build -c release --product inkstone
  bin="$(swift build -c release --show-bin-path)/inkstoned"
fi
client="$(dirname "$bin")/inkstone"

private_pid=""
cleanup() { [ -n "$private_pid" ] && kill "$private_pid" 2>/dev/null || true; }
trap cleanup EXIT

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  if [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -S "$XDG_RUNTIME_DIR/bus" ]; then
    export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
  else
    out="$(dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=1)"
    DBUS_SESSION_BUS_ADDRESS="$(sed -n 1p <<<"$out")"
    private_pid="$(sed -n 2p <<<"$out")"
    export DBUS_SESSION_BUS_ADDRESS
    echo "No session bus found: started a private one (pid $private_pid)."
    echo "In another shell, paste:"
    echo "  export DBUS_SESSION_BUS_ADDRESS='$DBUS_SESSION_BUS_ADDRESS'"
  fi
fi
echo "Try:"
echo "  dbus-send --session --print-reply --dest=org.inkstone.Inkstone1 /org/inkstone/Inkstone1 org.inkstone.Inkstone1.GetVersion"
echo "The client is $client; to call it as inkstone:"
echo "  export PATH=\"$(dirname "$client"):\$PATH\""
echo "  inkstone type --engine hangul g k s r m f space"
# Run in the foreground; forward SIGINT/SIGTERM so the daemon releases its
# name, and stop the private bus (if any) when it exits.
"$bin" "$@" &
daemon=$!
trap 'kill -TERM "$daemon" 2>/dev/null' INT TERM
status=0
while :; do
  wait "$daemon" && status=0 || status=$?
  kill -0 "$daemon" 2>/dev/null || break
done
# A wait cut short by a trapped signal returns 128+N; the shell keeps the
# daemon's own status, so ask again.
if [ "$status" -gt 128 ]; then wait "$daemon" && status=0 || status=$?; fi
exit "$status"
