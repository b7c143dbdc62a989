#!/usr/bin/env bash
# make install / make uninstall.
#   scripts/install.sh install     builds as the invoking user (never as root), then copies
#   scripts/install.sh uninstall   removes exactly the files the last install listed
#
# Variables (from make): PREFIX, BINDIR, DESTDIR, and optionally DBUS_SERVICEDIR, UNITDIR.
# For a prefix under $HOME (e.g. PREFIX=$HOME/.local) the activation file and the user
# unit go where the session bus and `systemctl --user` look:
# ${XDG_DATA_HOME:-~/.local/share}/dbus-1/services and .../systemd/user.
# INKSTONE_BUILT_DIR names a folder of already built binaries (no build step).
# Every installed path is listed in $PREFIX/share/inkstone/installed-files.
set -euo pipefail
cd "$(dirname "$0")/.."
action="${1:-install}"
PREFIX="${PREFIX:-/usr/local}"
BINDIR="${BINDIR:-$PREFIX/bin}"
DESTDIR="${DESTDIR:-}"
home="${HOME:-/nonexistent}"
case "$PREFIX/" in
  "$home"/*)
    userdata="${XDG_DATA_HOME:-$home/.local/share}"
    DBUS_SERVICEDIR="${DBUS_SERVICEDIR:-$userdata/dbus-1/services}"
    UNITDIR="${UNITDIR:-$userdata/systemd/user}" ;;
  *)
    DBUS_SERVICEDIR="${DBUS_SERVICEDIR:-$PREFIX/share/dbus-1/services}"
    UNITDIR="${UNITDIR:-$PREFIX/lib/systemd/user}" ;;
esac
manifest="$DESTDIR$PREFIX/share/inkstone/installed-files"

if [ "$action" = uninstall ]; then
  if [ ! -f "$manifest" ]; then
    echo "uninstall: $manifest not found: nothing installed under PREFIX=$PREFIX" >&2
    exit 1
  fi
  while IFS= read -r path; do
    [ -n "$path" ] && rm -f -- "$DESTDIR$path" && echo "removed $DESTDIR$path"
  done <"$manifest"
  rm -f -- "$manifest"
  rmdir -- "$DESTDIR$PREFIX/share/inkstone" "$DESTDIR$PREFIX/share/dbus-1/interfaces" 2>/dev/null || true
  exit 0
fi

# Build as the invoking user: a root build would leave root-owned files in the tree.
built="${INKSTONE_BUILT_DIR:-}"
if [ -z "$built" ]; then
  build=(env TMPDIR="$PWD/.tmp" swift build -c release)
  as_owner=()
  if [ "$(id -u)" -eq 0 ]; then
    owner="$(stat -c %U .)"
    if [ "$owner" = root ]; then
      echo "install: refusing to build as root; build first as yourself: make release" >&2
      [ -x .build/release/inkstoned ] || exit 1
      build=()
    else
      as_owner=(runuser -u "$owner" --)
      build=("${as_owner[@]}" "${build[@]}")
    fi
  fi
  if [ ${#build[@]} -gt 0 ]; then
    "${as_owner[@]}" mkdir -p .tmp
    "${build[@]}" --product inkstoned
    "${build[@]}" --product inkstone
  fi
  built="$PWD/.build/release"
fi

installed=()
put() { # mode, source, destination (without DESTDIR)
  install -D -m "$1" "$2" "$DESTDIR$3"
  installed+=("$3")
  echo "installed $DESTDIR$3"
}
# @BINDIR@ is replaced on lines that are not comments only.
substitute() { sed "/^[[:space:]]*#/!s|@BINDIR@|$BINDIR|g" "$1"; }

put 0755 "$built/inkstoned" "$BINDIR/inkstoned"
put 0755 "$built/inkstone" "$BINDIR/inkstone"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
substitute dbus/org.inkstone.Inkstone1.service.in >"$tmp/org.inkstone.Inkstone1.service"
substitute systemd/inkstone.service.in >"$tmp/inkstone.service"
put 0644 "$tmp/org.inkstone.Inkstone1.service" "$DBUS_SERVICEDIR/org.inkstone.Inkstone1.service"
put 0644 "$tmp/inkstone.service" "$UNITDIR/inkstone.service"
for xml in dbus/*.xml; do
  put 0644 "$xml" "$PREFIX/share/dbus-1/interfaces/$(basename "$xml")"
done
mkdir -p "$(dirname "$manifest")"
printf '%s\n' "${installed[@]}" >"$manifest"
echo "Enable the user service with: systemctl --user daemon-reload && systemctl --user enable --now inkstone.service"
