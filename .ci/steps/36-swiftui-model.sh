#!/usr/bin/env bash
# The shipped SwiftUI layer on the executable model of SwiftUI (issue #39,
# Tests/SwiftUIModel/README.md). `swift test` (.ci/run) already runs SwiftUIModelTests;
# this step fails if that coverage silently goes: the Linux targets dropped from
# Package.swift, a layer file no longer compiled against the model (the symlink broken, or
# `canImport(SwiftUI)` false under the module aliases), fewer screen tests than expected, or
# the model's README citing a test that does not exist.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

out=$(mktemp)
trap 'rm -f "$out"' EXIT
swift test --filter SwiftUIModelTests >"$out" 2>&1 || { tail -40 "$out"; echo "swiftui model: tests failed"; exit 1; }
ran=$(grep -oE 'Test run with [0-9]+ tests' "$out" | grep -oE '[0-9]+' | tail -1)
if [ "${ran:-0}" -lt 26 ]; then
    echo "swiftui model: ${ran:-0} tests ran (expected at least 26): are the #if os(Linux) targets of Package.swift there?"
    exit 1
fi

build="$(swift build --show-bin-path)"
for layer_file in Sources/ScopedSwiftUI/SwiftUI/*.swift; do
    object="$build/ScopedSwiftUIOnModel.build/$(basename "$layer_file").o"
    [ -s "$object" ] || { echo "swiftui model: $layer_file was not compiled against the model ($object missing)"; exit 1; }
done
# A layer file compiled with `canImport(SwiftUI)` false would be an empty object: the
# wrappers' symbols must be in the module.
symbols=$(nm "$build/ScopedSwiftUIOnModel.build/ScopedObject.swift.o" | swift demangle)
if ! grep -q 'ScopedSwiftUIOnModel.ScopedObject' <<<"$symbols"; then
    echo "swiftui model: ScopedObject.swift compiled to nothing (canImport(SwiftUI) false under the aliases?)"
    exit 1
fi

# Every test the model's README cites exists.
for name in $(grep -oE '`[a-zA-Z]+(…)?`' Tests/SwiftUIModel/README.md | tr -d '`' | grep -E '^[a-z][a-zA-Z]+(…)?$' | sort -u); do
    stem=${name%…}
    # Test names, not API names in backticks: long, and at least three words after the first.
    [ ${#stem} -ge 20 ] && [ "$(tr -cd 'A-Z' <<<"$stem" | wc -c)" -ge 3 ] || continue
    grep -rqE "func ${stem}" Tests/SwiftUIModelTests || { echo "swiftui model: README cites $name, no such test"; exit 1; }
done
echo "swiftui model: $ran tests of the shipped layer on the model; $(ls Sources/ScopedSwiftUI/SwiftUI/*.swift | wc -l) layer files compiled against it"
