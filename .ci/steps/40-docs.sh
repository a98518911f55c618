#!/usr/bin/env bash
# Documentation: builds the DocC catalog Sources/Scoped/Scoped.docc with the toolchain's
# docc and fails on
#   - any docc warning for Scoped (broken ``Symbol`` and <doc:Article> references included),
#   - any public symbol of Scoped, ScopedTesting or ScopedSwiftUI (its SwiftUI layer
#     included, built against Tests/SwiftUIStub) without a summary line,
#   - any top-level symbol of Scoped that Scoped.md leaves out of its topic groups.
#
# Symbol graphs come from the compiler (`-emit-symbol-graph` while building ScopedTesting
# and its dependency Scoped): `swift package dump-symbol-graph` exits 1 on Linux with
# Swift 6.x because it also tries the package's synthesized test modules, which a plain
# build never makes.
#
# Output (git-ignored): .docc-build/Scoped.doccarchive, .docc-build/ScopedTesting.doccarchive
# and .docc-build/ScopedSwiftUI.doccarchive, each with its documentation-coverage.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

scratch=.build-docs
graphs="$scratch/symbol-graphs"
out=.docc-build

build_graphs() {
    mkdir -p "$graphs"
    swift build --scratch-path "$scratch" --target ScopedTesting \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
        -Xswiftc -symbol-graph-skip-synthesized-members \
        -Xswiftc -emit-extension-block-symbols
}

if ! command -v python3 >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq python3-minimal >/dev/null
fi

echo "--- symbol graphs of Scoped and ScopedTesting"
build_graphs
if [ ! -s "$graphs/Scoped.symbols.json" ] || [ ! -s "$graphs/ScopedTesting.symbols.json" ]; then
    # A no-op incremental build emits nothing: rebuild once to get the graphs back.
    rm -rf "$scratch"
    build_graphs
fi

rm -rf "$out"
mkdir -p "$out/Scoped-graphs" "$out/ScopedTesting-graphs"
cp "$graphs"/Scoped.symbols.json "$out/Scoped-graphs/"
for extra in "$graphs"/Scoped@*.symbols.json; do
    if [ -e "$extra" ]; then cp "$extra" "$out/Scoped-graphs/"; fi
done
# ScopedTesting re-exports Scoped, so its graphs repeat Scoped's symbols: keep its own.
python3 - "$graphs" "$out/ScopedTesting-graphs" <<'PY'
import glob, json, os, sys

source, target = sys.argv[1], sys.argv[2]
scoped = set()
for path in glob.glob(os.path.join(source, "Scoped.symbols.json")) + glob.glob(os.path.join(source, "Scoped@*.symbols.json")):
    scoped |= {s["identifier"]["precise"] for s in json.load(open(path))["symbols"]}
for path in glob.glob(os.path.join(source, "ScopedTesting*.symbols.json")):
    graph = json.load(open(path))
    graph["symbols"] = [s for s in graph["symbols"] if s["identifier"]["precise"] not in scoped]
    own = {s["identifier"]["precise"] for s in graph["symbols"]}
    graph["relationships"] = [r for r in graph["relationships"] if r["source"] in own]
    json.dump(graph, open(os.path.join(target, os.path.basename(path)), "w"))
PY

echo "--- docc convert Scoped.docc (warnings are errors)"
docc convert Sources/Scoped/Scoped.docc \
    --additional-symbol-graph-dir "$out/Scoped-graphs" \
    --output-path "$out/Scoped.doccarchive" \
    --fallback-display-name Scoped \
    --fallback-bundle-identifier dev.scoped.Scoped \
    --warnings-as-errors \
    --experimental-documentation-coverage \
    --coverage-summary-level brief

# A module documented from its symbol graphs alone (no catalog): links to other modules'
# symbols cannot resolve in a single-module build, so warnings are shown but only missing
# summaries (the coverage check below) fail.
convert_symbols_only() {
    docc convert \
        --additional-symbol-graph-dir "$out/$1-graphs" \
        --output-path "$out/$1.doccarchive" \
        --fallback-display-name "$1" \
        --fallback-bundle-identifier "dev.scoped.$1" \
        --experimental-documentation-coverage \
        --coverage-summary-level brief 2>&1 | grep -E "^(warning|error)|%" || true
}

echo "--- docc convert ScopedTesting (symbol documentation only)"
# Its guide is Scoped.docc's TestingAndPreviews article.
convert_symbols_only ScopedTesting

echo "--- docc convert ScopedSwiftUI (symbol documentation, SwiftUI layer included)"
# Its symbols come from a build against the declarations-only SwiftUI stub, so that the
# `#if canImport(SwiftUI)` layer is documented and checked too.
stub_modules=$(mktemp -d)
mkdir -p "$out/ScopedSwiftUI-graphs"
SYMBOL_GRAPH_DIR="$PWD/$out/ScopedSwiftUI-graphs" bash .ci/swiftui-stub-modules.sh "$stub_modules" >/dev/null
rm -rf "$stub_modules"
convert_symbols_only ScopedSwiftUI

echo "--- documentation coverage"
python3 - "$out/Scoped.doccarchive" "$out/ScopedTesting.doccarchive" "$out/ScopedSwiftUI.doccarchive" <<'PY'
import json, os, sys

failed = False
for archive in sys.argv[1:]:
    module = os.path.basename(archive).removesuffix(".doccarchive")
    entries = json.load(open(os.path.join(archive, "documentation-coverage.json")))
    # Module pages and docc's "Extended Module/Protocol/…" pages are not declarations.
    symbols = [e for e in entries if e["kind"]["isSymbol"] and e["kind"]["name"] != "Module"
               and not e["kind"]["name"].startswith("Extended ")]
    missing = sorted(e["referencePath"] for e in symbols if not e["hasAbstract"])
    documented = len(symbols) - len(missing)
    print(f"{module}: public symbols with a summary: {documented}/{len(symbols)} "
          f"({100.0 * documented / max(len(symbols), 1):.1f} %)")
    for path in missing:
        print(f"error: no documentation summary: {path}")
    failed |= bool(missing)

# Scoped's landing page must curate every top-level symbol: docc puts the ones it leaves
# out into generated groups ("Classes", "Structures", …).
landing = json.load(open(os.path.join(sys.argv[1], "data", "documentation", "scoped.json")))
for section in landing.get("topicSections", []):
    if section.get("generated"):
        for identifier in section["identifiers"]:
            print(f"error: not curated in a topic group of Scoped.md: {identifier}")
            failed = True
sys.exit(1 if failed else 0)
PY
echo "docs: $out/Scoped.doccarchive"
