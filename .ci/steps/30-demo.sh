#!/usr/bin/env bash
# The lifecycle demo (issues #4, #32) as a user runs it: `swift run ScopedDemo` prints the
# overview (100 columns, no colour through a pipe), byte for byte the checked-in golden
# file, in under 5 seconds once built; every scenario runs alone in every format; its
# resolved graph (--format dot) renders with Graphviz; a bad argument exits with code 2.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

# Same flags as the timed `swift run` below, so the run only checks the build (warnings are
# errors in .ci/run's own build step).
swift build --product ScopedDemo
out=$(mktemp)
trap 'rm -f "$out"' EXIT

start=$(date +%s%N)
env -u COLUMNS swift run ScopedDemo > "$out"
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "swift run ScopedDemo printed the summary in ${elapsed_ms} ms"
if [ "$elapsed_ms" -ge 5000 ]; then
    echo "FAIL: the summary took ${elapsed_ms} ms (limit 5000 ms)" >&2
    exit 1
fi
diff -u Tests/LifecycleTests/Golden/summary.txt "$out"

demo=.build/debug/ScopedDemo
for scenario in $("$demo" --list | awk 'NF >= 3 && $1 ~ /^[0-9]+$/ { print $2 }'); do
    for format in summary card log initlog timeline json dot mermaid; do
        "$demo" --scenario "$scenario" --format "$format" > /dev/null
    done
done
echo "all $("$demo" --list | awk 'NF >= 3 && $1 ~ /^[0-9]+$/' | wc -l) scenarios ran alone in 8 formats"

# The resolved graph renders with Graphviz (Debian's graphviz, installed here if missing).
if ! command -v dot >/dev/null 2>&1; then
    apt-get update -qq >/dev/null && apt-get install -y -qq graphviz >/dev/null
fi
svg=$(mktemp --suffix=.svg)
for scenario in navigationlink-scoped multilevel; do
    "$demo" --scenario "$scenario" --format dot | dot -Tsvg > "$svg"
    grep -q '<svg' "$svg" || { echo "FAIL: dot did not render the $scenario graph" >&2; exit 1; }
    grep -q 'DetailViewModel\|ChildViewModel' "$svg" || { echo "FAIL: the $scenario graph has no view model node" >&2; exit 1; }
done
rm -f "$svg"
echo "the demo's DOT graphs render with $(dot -V 2>&1)"

set +e
"$demo" --ticks 3 > /dev/null 2> "$out"
code=$?
set -e
if [ "$code" -ne 2 ] || ! head -n 1 "$out" | grep -q '^ScopedDemo: error: --ticks must be'; then
    echo "FAIL: a bad argument gave exit code $code and: $(head -n 1 "$out")" >&2
    exit 1
fi
echo "bad arguments exit with code 2"
