#!/usr/bin/env bash
# Release consistency (issue #42), in a few seconds:
#   1. CHANGELOG.md opens with an empty-or-not `## [Unreleased]` and then the top release,
#      `## [X.Y.Z] - YYYY-MM-DD`; every version the docs quote is that X.Y.Z (README.md,
#      RELEASING.md, Getting Started, skills/scoped/SKILL.md, the sample app's README). A version that
#      belongs to another package is one the same line names it with (swift-docc-plugin,
#      Factory, Swift, Xcode …).
#   2. README's installation lines resolve: a clone of this commit tagged X.Y.Z is
#      depended on with README's `.package(url: …, from: "X.Y.Z")` (the placeholder URL
#      replaced by the clone's path), then with its `.package(path: "../Scoped")`, each with
#      README's `.product(…)` lines; `swift package show-dependencies` fails on a version
#      that does not match or a product the package does not have.
# Plants a wrong version in a copy of README.md and expects the check to name it.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
start=$SECONDS

quoting=(README.md RELEASING.md Sources/Scoped/Scoped.docc/GettingStarted.md skills/scoped/SKILL.md
         Examples/ScopedSample.swiftpm/README.md)

# check_versions ROOT: prints the top release; fails naming each file and line that differs.
check_versions() {
    python3 - "$1" "${quoting[@]}" <<'PY'
import re, sys
root, files = sys.argv[1], sys.argv[2:]
changelog = open(f"{root}/CHANGELOG.md", encoding="utf-8").read()
headings = re.findall(r"^## \[([^\]]+)\](.*)$", changelog, re.M)
if len(headings) < 2 or headings[0][0] != "Unreleased":
    sys.exit("release: CHANGELOG.md must open with '## [Unreleased]' followed by the top release")
version, rest = headings[1]
if not re.fullmatch(r"\d+\.\d+\.\d+", version) or not re.fullmatch(r" - \d{4}-\d{2}-\d{2}", rest):
    sys.exit(f"release: CHANGELOG.md's top release heading is not '## [X.Y.Z] - YYYY-MM-DD': ## [{version}]{rest}")
others = re.compile(r"swift-docc-plugin|swift-docc|Factory|Swinject|Swift |swift-tools|Xcode|iOS|macOS|tvOS|watchOS|visionOS|ziglang")
failed = False
for name in files:
    try:
        text = open(f"{root}/{name}", encoding="utf-8").read()
    except FileNotFoundError:
        print(f"release: {name} is missing"); failed = True; continue
    quoted = 0
    for number, line in enumerate(text.split("\n"), 1):
        for match in re.finditer(r"(?<![\d.])\d+\.\d+\.\d+(?![\d.])", line):
            if others.search(line[max(0, match.start() - 40):match.start()]):
                continue
            quoted += 1
            if match.group() != version:
                print(f"{name}:{number}: quotes {match.group()}, the CHANGELOG's top release is {version}")
                failed = True
    if quoted == 0:
        print(f"release: {name} quotes no version (expected {version})"); failed = True
if failed:
    sys.exit(1)
print(version)
PY
}

if ! version=$(check_versions "$PWD" 2>&1); then echo "$version"; exit 1; fi
echo "release: CHANGELOG's top release $version; ${quoting[*]} quote only it"

# --- README's installation lines resolve.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --no-hardlinks . "$work/Scoped"
git -C "$work/Scoped" tag "$version"
# consumer NAME DEPENDENCY_LINE: a package beside the clone with README's product lines.
consumer() {
    local dir="$work/$1"
    mkdir -p "$dir/Sources/App" "$dir/Tests/AppTests"
    echo 'import Scoped' >"$dir/Sources/App/App.swift"
    echo 'import ScopedTesting' >"$dir/Tests/AppTests/AppTests.swift"
    python3 - "$2" "$dir/Package.swift" <<'PY'
import re, sys
readme = open("README.md", encoding="utf-8").read()
blocks = re.findall(r"```swift\n(.*?)```", readme.split("## Installation", 1)[1].split("\n## ", 1)[0], re.S)
targets = next(b for b in blocks if ".target(" in b)
open(sys.argv[2], "w").write(
    "// swift-tools-version: 6.0\nimport PackageDescription\n\n"
    f"let package = Package(\n    name: \"Consumer\",\n    dependencies: [\n        {sys.argv[1]}\n    ],\n"
    f"    targets: [\n{targets}    ]\n)\n")
PY
    (cd "$dir" && swift package show-dependencies >"$dir.log" 2>&1) || {
        cat "$dir.log"; echo "release: README's installation lines do not resolve ($1)"; exit 1; }
}
url_line=$(grep -oE '\.package\(url: "[^"]+", from: "[^"]+"\),' README.md | head -1)
path_line=$(grep -oE '\.package\(path: "\.\./Scoped"\),' README.md | head -1)
[ -n "$url_line" ] && [ -n "$path_line" ] || { echo "release: README has no .package(url:from:) or .package(path: \"../Scoped\") line"; exit 1; }
grep -q "placeholder" <<<"$(grep -B3 -A3 -F 'OWNER/Scoped.git' README.md)" || {
    echo "release: README's package URL is not said to be a placeholder"; exit 1; }
consumer published "${url_line//https:\/\/github.com\/OWNER\/Scoped.git/file://$work/Scoped}"
consumer Consumer "$path_line"   # beside the clone: ../Scoped is the clone
echo "release: README's url line resolves $version from a tagged clone; its path line and products resolve"

# --- The check must catch a wrong version: plant one in a copy.
planted="$work/planted"
mkdir -p "$planted/skills/scoped" "$planted/Examples/ScopedSample.swiftpm" "$planted/Sources/Scoped/Scoped.docc"
for file in CHANGELOG.md "${quoting[@]}"; do cp "$file" "$planted/$file"; done
sed -i "0,/from: \"$version\"/s//from: \"9.9.9\"/" "$planted/README.md"
if output=$(check_versions "$planted" 2>&1) || ! grep -q "README.md:.*quotes 9.9.9" <<<"$output"; then
    echo "release: a planted wrong version in README.md was not caught: $output"; exit 1
fi
echo "release: a planted wrong version is caught ($((SECONDS - start)) s)"
