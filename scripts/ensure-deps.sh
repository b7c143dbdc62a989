#!/usr/bin/env bash
# Installs the Debian packages Inkstone needs to build, run and test, if any
# is missing. Safe to run again: it does nothing when all are present.
#   scripts/ensure-deps.sh          build + run + test packages
#   scripts/ensure-deps.sh --bench  also what the benchmarks compare with (scripts/ensure-bench-deps.sh)
set -euo pipefail

packages=(
  pkg-config
  libsystemd-dev                       # sd-bus, under DBusKit
  libdbus-1-dev dbus-daemon dbus-bin   # libdbus (the raw echo baseline), the bus, dbus-send
  libicu-dev                           # grapheme/word/sentence/line boundaries
  libxkbcommon-dev xkb-data libx11-data # keysyms, Compose tables
  libhangul-dev libhangul-data         # Hangul keyboards and Hanja (libhangul is the tests' oracle)
  libglib2.0-bin                       # gdbus, used by tests and examples
  systemd                              # busctl, used by tests (busctl tree)
  unicode-data                         # Unicode break test vectors for tests; emoji-test.txt (emoji order)
  unicode-cldr-core                    # CLDR emoji annotations (engine emoji)
  skkdic rime-data-luna-pinyin libkkc-utils libkkc-data  # dictionaries: SKK-JISYO.L (Japanese), luna_pinyin (pinyin), compiled tables cached per user; kkc is the Japanese accuracy reference
  libmarisa-dev                        # MARISA tries of libkkc-data's language model (Japanese sentence ranking)
  libime-data-language-model           # libime's trigram model of Chinese words, KenLM binary (pinyin sentence ranking)
  python3-dbus valgrind binutils       # scripts/profile-keys.sh (daemon CPU and instructions per key; objcopy); python3: strict XML check of dbus/*.xml
  # compatibility fronts: stock GTK and Qt apps typing through their own input-method modules under Xvfb
  xvfb xdotool python3-gi gir1.2-gtk-3.0 gir1.2-gtk-4.0 python3-pyqt5 python3-pyqt6
  fcitx5-frontend-gtk3 fcitx5-frontend-gtk4 fcitx5-frontend-qt5 fcitx5-frontend-qt6 ibus-gtk3
  sway wtype                           # the same apps as native Wayland clients: headless compositor, virtual keyboard
  qtwayland5 qt6-wayland               # Qt's Wayland platform plugins
  bubblewrap xdg-dbus-proxy            # and inside a Flatpak-style sandbox: namespaces, filtered session bus
)

# Only the benchmarks need these (tests do not): stock fcitx5 with its Hangul and pinyin.
if [ "${1:-}" = "--bench" ]; then
  packages+=(fcitx5 fcitx5-hangul fcitx5-pinyin)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "error: missing packages (${missing[*]}) and not root; install them with apt-get as root" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
