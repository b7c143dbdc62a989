#!/bin/sh
# Writes Sources/inkstoned/HotFunctions.order: the functions of the release daemon that keys
# run, hottest first, as the input sections (`.text.<mangled name>`) gold places first and in
# that order when it links the release daemon (Package.swift, hotFunctionLayoutInRelease).
#
# A key over D-Bus comes after the daemon slept in its loop, with its code out of the
# processor's caches and TLB: code spread over the whole binary costs a page walk per page.
# Laid out together, the profiled keys run code on 97 pages of the binary instead of 228.
#
# Builds the release daemon, then counts the instructions of each function under callgrind
# (scripts/profile-keys.sh, KEYS key events per run) for the key paths a desktop uses: the
# fcitx5 front's ProcessKeyEvent and ProcessKeyEventBatch, and Inkstone's own ProcessKeyEvent
# (Hangul and direct) and ProcessKeyEventReporting (Hangul). Functions are ordered by their
# instructions summed over the runs (ties by name), so the file is the same for the same code.
# Run it again after changing the key path; a stale file only places fewer functions.
# (A release build made before function sections were on keeps its objects: the compiler skips
# code generation for files whose IR did not change. Delete .build/release/*.build/*.o once.)
#
#   scripts/hot-functions.sh [KEYS]
set -eu
cd "$(dirname "$0")/.."
keys=${1:-300}
mkdir -p .tmp
export TMPDIR="$PWD/.tmp"
swift build -c release --product inkstoned
work=$(mktemp -d "$TMPDIR/hot-functions.XXXXXX")
trap 'rm -rf "$work"' EXIT
run() {  # run NAME [VAR=VALUE...] METHOD
    name=$1
    shift
    method=$1
    shift
    env OUT="$work/$name" PROFILE=callgrind CALLGRIND_OPTIONS=--demangle=no "$@" \
        scripts/profile-keys.sh .build/release/inkstoned "$keys" "$method" >"$work/$name.log" 2>&1 ||
        { cat "$work/$name.log" >&2; exit 1; }
    echo "$name: $(head -1 "$work/$name.log")"
}
run fcitx5 ProcessKeyEvent FRONT=fcitx5
run fcitx5-batch ProcessKeyEventBatch FRONT=fcitx5
run hangul ProcessKeyEvent ENGINE=hangul
run direct ProcessKeyEvent ENGINE=direct
run hangul-reporting ProcessKeyEventReporting ENGINE=hangul
/usr/bin/python3 -P - "$work" Sources/inkstoned/HotFunctions.order <<'PY'
import collections, glob, os, re, sys
work, target = sys.argv[1:3]
cost = collections.Counter()
for path in glob.glob(os.path.join(work, "*", "callgrind.out.*")):
    # callgrind names objects and functions once, as "(id) name", then by "(id)" alone.
    names = {"ob": {}, "fn": {}}
    current = {"ob": None, "fn": None}
    skip_call_cost = False
    positions = 1  # "positions: line" unless the file says otherwise
    for line in open(path, errors="replace"):
        if line.startswith("positions:"):
            positions = len(line.split()) - 1
            continue
        match = re.match(r"(c?)(ob|fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if match:
            called, kind, number, name = match.groups()
            if name:
                names[kind][number] = name
            if not called:
                current[kind] = names[kind].get(number)
            continue
        if line.startswith("calls="):
            skip_call_cost = True  # the next line is the call's inclusive cost
            continue
        if line[:1] in "0123456789+-*":
            if skip_call_cost:
                skip_call_cost = False
                continue
            fields = line.split()
            obj, function = current["ob"], current["fn"]
            if len(fields) > positions and fields[positions].isdigit() and obj and function:
                if os.path.basename(obj).startswith("inkstoned") and not function.startswith("0x"):
                    cost[re.sub(r"'\d+$", "", function)] += int(fields[positions])
if not cost:
    sys.exit("no function of inkstoned was profiled")
ordered = sorted(cost.items(), key=lambda item: (-item[1], item[0]))
with open(target, "w") as out:
    for function, _ in ordered:
        out.write(f".text.{function}\n")
print(f"{target}: {len(ordered)} functions")
PY
