#!/usr/bin/env bash
# Code that must NOT compile (issue #16): each file of Tests/Fixtures/CompileFailures other
# than Declarations.swift is type-checked together with Declarations.swift (which alone must
# compile) against the built Scoped module, in Swift 6 mode; the check fails unless the
# compiler rejects it with every diagnostic its `// expect:` lines name. Files of Swift5/ are
# what a Swift 5-mode client sees (#31): compiled silently with the default checking, with
# the warnings their `// expect warning:` lines name under complete checking. Files of
# Warnings/ must compile in Swift 6 mode with the warnings their `// expect warning:` lines
# name: misuse Swift can only warn about; one with a `// expect no warning` line must compile
# with no warning at all (#41: a context modifier used at run time is stored); one with a
# `// expect the same in Swift 5 mode` line gives those warnings in Swift 5 mode too.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build --target Scoped -Xswiftc -warnings-as-errors >/dev/null
build="$(swift build --show-bin-path)"
dir=Tests/Fixtures/CompileFailures
typecheck() {
    swiftc -swift-version 6 -parse-as-library -typecheck -module-name CompileFailure \
        -I "$build/Modules" -I "$build" -Xcc "-fmodule-map-file=$build/CScopedPlatform.build/module.modulemap" "$@" 2>&1
}
typecheck "$dir/Declarations.swift" >/dev/null || { echo "FAIL: $dir/Declarations.swift does not compile"; typecheck "$dir/Declarations.swift"; exit 1; }
failures=0
cases=0
# Counts a failure for each `// expect warning:` line of file $1 that output $2 lacks.
expect_warnings() {
    local expected
    while IFS= read -r expected; do
        if ! grep -qF -- "warning: $expected" <<<"$2"; then
            echo "FAIL: $1: $3: $expected"; failures=$((failures + 1))
        fi
    done < <(sed -n 's|^// expect warning: ||p' "$1")
}
for file in "$dir"/*.swift; do
    [ "$(basename "$file")" = Declarations.swift ] && continue
    cases=$((cases + 1))
    if output=$(typecheck "$dir/Declarations.swift" "$file"); then
        echo "FAIL: $file compiled"; failures=$((failures + 1)); continue
    fi
    while IFS= read -r expected; do
        if ! grep -qF -- "$expected" <<<"$output"; then
            echo "FAIL: $file: the compiler did not say: $expected"; echo "$output" | grep -E "error:" | head -5
            failures=$((failures + 1))
        fi
    done < <(sed -n 's|^// expect: ||p' "$file")
    echo "$(basename "$file"): $(grep -m1 -oE "error: .*" <<<"$output")"
done
# Swift 5 language mode (#31): what the docs say such a client sees — nothing with the default
# checking, the warning its `// expect warning:` line names with complete checking.
for file in "$dir"/Swift5/*.swift; do
    cases=$((cases + 1))
    if ! output=$(typecheck -swift-version 5 "$file") || grep -q "warning:" <<<"$output"; then
        echo "FAIL: $file: Swift 5 mode with minimal checking did not compile it silently"; echo "$output" | head -5
        failures=$((failures + 1))
    fi
    output=$(typecheck -swift-version 5 -strict-concurrency=complete "$file") || true
    expect_warnings "$file" "$output" "Swift 5 mode with complete checking did not warn"
    echo "Swift5/$(basename "$file"): compiles in Swift 5 mode; $(grep -m1 -oE "warning: .*" <<<"$output")"
done
for file in "$dir"/Warnings/*.swift; do
    cases=$((cases + 1))
    if ! output=$(typecheck "$dir/Declarations.swift" "$file"); then
        echo "FAIL: $file: did not compile (it must, with warnings)"; echo "$output" | grep -E "error:" | head -5
        failures=$((failures + 1)); continue
    fi
    expect_warnings "$file" "$output" "the compiler did not warn"
    if grep -q "^// expect the same in Swift 5 mode" "$file"; then
        output5=$(typecheck -swift-version 5 "$dir/Declarations.swift" "$file") || { echo "FAIL: $file: did not compile in Swift 5 mode"; failures=$((failures + 1)); }
        expect_warnings "$file" "$output5" "Swift 5 mode did not warn"
    fi
    if grep -q "^// expect no warning" "$file" && grep -q "warning:" <<<"$output"; then
        echo "FAIL: $file: the compiler warned"; grep -E "warning:" <<<"$output" | head -5
        failures=$((failures + 1))
    fi
    echo "Warnings/$(basename "$file"): compiles; $(grep -m1 -oE "warning: .*" <<<"$output")"
done
[ "$failures" -eq 0 ] || exit 1
echo "compile failures: all $cases cases gave the expected diagnostics"
