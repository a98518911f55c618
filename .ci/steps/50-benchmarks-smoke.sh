#!/usr/bin/env bash
# Benchmarks smoke run: builds the benchmark package (Benchmarks/, its own Package.swift:
# Scoped side by side with Swinject and swift-dependencies) in release and runs a few
# rows with few iterations, so the harness, the generated sources and every peer keep
# building and running. Not a performance gate: timings on a shared CI machine are
# noise; BENCHMARKS.md holds a real run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
start=$SECONDS

swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build --product ScopedBenchmarks
echo "benchmarks built in $((SECONDS - start))s"

out=$(mktemp)
Benchmarks/.build/release/ScopedBenchmarks --reps 5 --time 2 --rss-cycles 20000 \
    "=unique/direct init (Service())" "=unique/Scoped unique" "=unique/Swinject transient" \
    "=cached/Scoped cached" "=cached/swift-dependencies read (held @Dependency)" \
    "=chain3/Scoped unique chain" "=dag build/Scoped .graph (one top-level resolve)" \
    "=dag access/Scoped .cached" "=registrations/Scoped 10,000, hot key" \
    "=threads/Scoped cached, 2 threads, a key each" "=lifetime/Scoped child + 10 scoped resolves + close" \
    "=isolation/Scoped cached, inside withContainer" "=async/Scoped async cached hit from the main actor (try await)" \
    rss | tee "$out"

# Every selected row (and its group's baseline) printed a figure, and the memory run reported.
rows=$(grep -c '^| [a-z].* | [0-9.,]* | [0-9.,]* | [0-9.]*× |$' "$out" || true)
if [ "$rows" -lt 13 ]; then
    echo "benchmarks smoke: expected at least 13 table rows, got $rows" >&2
    exit 1
fi
grep -q '^| peak RSS growth |' "$out" || { echo "benchmarks smoke: no memory figures" >&2; exit 1; }
rm -f "$out"
echo "benchmarks smoke done in $((SECONDS - start))s"
