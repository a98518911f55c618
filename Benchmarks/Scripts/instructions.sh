#!/usr/bin/env bash
# Instructions per operation of benchmark rows, counted by callgrind (repeatable
# whatever else the machine does, unlike wall-clock time):
#
#   Benchmarks/Scripts/instructions.sh "=cached/Scoped cached" "=unique/Scoped unique"
#   OPS=5000 Benchmarks/Scripts/instructions.sh "=dag build/Scoped .graph (one top-level resolve)"
#
# Each row runs once with 1,000 operations (first-use work), then OPS operations (default
# 20,000) inside `profiledRegion`, the only code callgrind counts. Needs valgrind
# (apt-get install valgrind) and a release build of the package:
#   swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build
# The profile of each row stays in Benchmarks/.build/callgrind/ for callgrind_annotate.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
ops="${OPS:-20000}"
binary="$("$(dirname "$0")/stripped-binary.sh")"
for row in "$@"; do
    out="$here/.build/callgrind/$(echo "$row" | tr -c 'a-zA-Z0-9' _).out"
    total=$(valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledRegion*' \
        --callgrind-out-file="$out" "$binary" --profile "$ops" "$row" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    printf '| %s | %s |\n' "${row#=}" "$(( total / ops ))"
done
