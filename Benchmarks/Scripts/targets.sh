#!/usr/bin/env bash
# Every figure issue #40's "done means" asks for that a script can measure, in one run, each
# beside its limit: instructions per operation (callgrind), stack per nested level, code per
# factory, files crossed, the largest function and the line count of Sources/Scoped/Internal.
# Wall-clock targets are checked by the harness itself (the "issue #40" table it prints).
# Lock nestings are not measured: the inventory in Platform/Locked.swift lists them.
#
#   swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build
#   Benchmarks/Scripts/targets.sh            # ~6 minutes on 2 cores
#   QUICK=1 Benchmarks/Scripts/targets.sh    # without callgrind, code size and files crossed
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/.." && pwd)"
binary="$here/.build/release/ScopedBenchmarks"
[ -x "$binary" ] || { echo "build the benchmarks in release first (see the header)" >&2; exit 1; }

echo "| figure | this tree | limit |"
echo "|---|---:|---|"
# Lines: code (not blank, not only a // comment), comments, blanks; the limit is on the total.
python3 - "$root/Sources/Scoped/Internal" <<'EOF'
import pathlib, re, sys
code = comment = blank = 0
longest = (0, "")
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.swift")):
    lines = path.read_text().split("\n")[:-1]
    for line in lines:
        stripped = line.strip()
        if not stripped: blank += 1
        elif stripped.startswith("//"): comment += 1
        else: code += 1
    # A function's length: from its declaration to the line that closes its body.
    for start, line in enumerate(lines):
        if line.strip().startswith("//") or not re.search(
                r"^\s*(@\w+(\([^)]*\))?\s+)*(\w+\s+)*(func |init[(<?]|deinit|subscript)", line):
            continue
        depth, opened = 0, False
        for end in range(start, len(lines)):
            text = re.sub(r'"[^"]*"', "", lines[end].split("//")[0])
            depth += text.count("{") - text.count("}")
            opened = opened or "{" in text
            if (opened and depth <= 0) or (not opened and end > start + 8): break
        if opened and end - start + 1 > longest[0]:
            longest = (end - start + 1, f"{path.name}:{start + 1}")
total = code + comment + blank
print(f"| lines in Sources/Scoped/Internal (code / comment / blank) | {total} ({code} / {comment} / {blank}) | ≤ 5,300 {'met' if total <= 5300 else 'MISSED'} |")
print(f"| largest function ({longest[1]}) | {longest[0]} lines | ≤ 40 {'met' if longest[0] <= 40 else 'MISSED'} |")
EOF
"$binary" --stack | awk -F'|' '
    /^\| \.cached \|/ { printf "| stack per nested level (cached) | %s B | ≤ 600 %s |\n", $3+0, ($3 <= 600 ? "met" : "MISSED") }
    /recursive/ { printf "| stack per nested level (per-parameter, recursive) | %s B | ≤ 600 %s |\n", $3+0, ($3 <= 600 ? "met" : "MISSED") }'
[ -n "${QUICK:-}" ] && exit 0

COUNTS=100 bash "$here/Scripts/codesize.sh" | awk -F'|' '/^\| 100 /{
    printf "| code per factory (N = 100) | %s B | ≤ 500 %s |\n", $6+0, ($6 <= 500 ? "met" : "MISSED") }'
touch "$here/FilesCrossed/Package.swift"
bash "$here/Scripts/files-crossed.sh" | awk -F'|' '{
    gsub(/ /, "", $2); n = $3 + 0; limit = ($2 ~ /child/ ? 19 : $2 ~ /async/ ? 20 : $2 ~ /close/ ? 12 : 0)
    printf "| files crossed: %s | %d | %s |\n", $2, n, (limit ? "≤ " limit (n <= limit ? " met" : " MISSED") : "–") }'
# Instructions per operation: no limit of their own (the issue's are wall clock), kept for
# comparison from stop to stop (BENCHMARKS.md).
OPS=2000 bash "$here/Scripts/instructions.sh" "=cached/Scoped cached" "=cached/Scoped shared (held)" \
    "=unique/Scoped unique" "=chain3/Scoped unique chain" "=chain3/hand-written A(B(C()))" \
    "=lifetime/Scoped child + 10 scoped resolves + close" "=lifetime/Scoped .scoped hit in an open child" \
    | sed 's/^| \(.*\) | \(.*\) |$/| instructions: \1 | \2 | – |/'
OPS=20 bash "$here/Scripts/instructions.sh" "=dag build/Scoped .graph (one top-level resolve)" \
    "=dag build/hand-written, topological order" \
    | sed 's/^| \(.*\) | \(.*\) |$/| instructions: \1 | \2 | – |/'
