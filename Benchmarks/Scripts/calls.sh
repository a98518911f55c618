#!/usr/bin/env bash
# Allocations, retains/releases, weak loads and exclusivity checks per operation of
# benchmark rows, counted by callgrind: the costs that show in wall-clock time.
#
#   OPS=2000 Benchmarks/Scripts/calls.sh "=cached/Scoped cached" "=chain3/Scoped unique chain"
#
# callgrind counts calls outside the profiled region too (start-up, the 1,000-operation
# warm-up), so each row runs with OPS and with 2 × OPS operations and the difference is
# divided by OPS. Needs valgrind and a release build (see instructions.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
ops="${OPS:-2000}"
binary="$("$(dirname "$0")/stripped-binary.sh")"
count() {  # count <profile>: "name calls" for the watched runtime entry points
    python3 - "$1" <<'PY'
import re, sys
from collections import Counter
watch = {"malloc": "alloc", "swift_retain": "retain", "swift_release": "release",
         "swift_bridgeObjectRetain": "retain", "swift_bridgeObjectRelease": "release",
         "swift_retain_n": "retain", "swift_release_n": "release",
         "swift_weakLoadStrong": "weak-load", "swift_beginAccess": "exclusivity-check",
         }
names, calls, callee = {}, Counter(), None
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line)
    if m:
        if m.group(3):
            names[m.group(2)] = m.group(3).strip().split("'")[0]
        callee = names.get(m.group(2)) if m.group(1) == "cfn" else None
        continue
    m = re.match(r"calls=(\d+)", line)
    if m and callee in watch:
        calls[watch[callee]] += int(m.group(1))
for key in ("alloc", "retain", "release", "weak-load", "exclusivity-check"):
    print(key, calls[key])
PY
}
printf '| row | allocs | retains | releases | weak loads | exclusivity checks |\n|---|---:|---:|---:|---:|---:|\n'
for row in "$@"; do
    base="$here/.build/callgrind/calls-$(echo "$row" | tr -c 'a-zA-Z0-9' _)"
    for n in "$ops" "$((2 * ops))"; do
        valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledRegion*' \
            --callgrind-out-file="$base-$n.out" "$binary" --profile "$n" "$row" >/dev/null 2>&1
    done
    paste <(count "$base-$ops.out") <(count "$base-$((2 * ops)).out") \
        | awk -v ops="$ops" -v row="${row#=}" '{ v[NR] = ($4 - $2) / ops } END {
            printf "| %s |", row; for (i = 1; i <= NR; i++) printf " %.4g |", v[i]; printf "\n" }'
done
