#!/usr/bin/env bash
# Documentation built the way users and Swift Package Index build it (issue #42):
# `swift package generate-documentation` through swiftlang/swift-docc-plugin 1.5.0, for
# Scoped, ScopedTesting and ScopedSwiftUI in one invocation, with --warnings-as-errors.
# Fails on any warning or error the plugin reports (a broken ``Symbol`` link, a
# disambiguation the plugin's symbol graphs do not know, …).
#
# The package itself has no dependency, the plugin included: the plugin is added to a copy
# of the manifest (Package.swift, Sources and Tests copied to a temporary folder), as
# a user adds it to theirs. The build is cached in .build-docc-plugin (git-ignored).
#
# This complements .ci/steps/40-docs.sh, which builds the catalogue from compiler-emitted
# symbol graphs (the SwiftUI layer of ScopedSwiftUI included, against Tests/SwiftUIStub)
# and checks every public symbol's summary; the plugin documents what Linux compiles
# (ScopedSwiftUI without its `#if canImport(SwiftUI)` layer).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
start=$SECONDS
scratch="$PWD/.build-docc-plugin"
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT

cp Package.swift "$copy/"
cp -r Sources Tests "$copy/"
cat >>"$copy/Package.swift" <<'EOF'

// Added by .ci/steps/42-docc-plugin.sh to a copy of the package: the documentation plugin.
package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
EOF

# generate TARGET... : runs the plugin on the copy; its output goes to $copy/docc.log.
generate() {
    local targets=() target
    for target in "$@"; do targets+=(--target "$target"); done
    (cd "$copy" && swift package --scratch-path "$scratch" generate-documentation \
        "${targets[@]}" --warnings-as-errors) >"$copy/docc.log" 2>&1
}

echo "swift package generate-documentation --target Scoped --target ScopedTesting --target ScopedSwiftUI --warnings-as-errors"
status=0
generate Scoped ScopedTesting ScopedSwiftUI || status=$?
# docc's diagnostics start a line with "warning:" or "error:" (with --warnings-as-errors a
# warning is printed as an error).
problems=$(grep -cE '^(warning|error):' "$copy/docc.log" || true)
archives=$(grep -cE '^  .*\.doccarchive$' "$copy/docc.log" || true)
if [ "$status" -ne 0 ] || [ "$problems" -ne 0 ] || [ "$archives" -ne 3 ]; then
    grep -vE '^\[[0-9]+/[0-9]+\]' "$copy/docc.log" | tail -80
    echo "docc plugin: exit $status, $problems warnings or errors, $archives of 3 archives"
    exit 1
fi
grep -E '^(Finished building documentation|Generated)' "$copy/docc.log"
echo "docc plugin: 3 archives, 0 warnings ($((SECONDS - start)) s)"

# The check must catch what it exists for: the link form the plugin rejected (#42), planted
# in an article of the copy, must fail the build with DocC's message.
printf '\nSee ``FactoryModifying/register(_:)-(Body)``.\n' >>"$copy/Sources/Scoped/Scoped.docc/GettingStarted.md"
if generate Scoped; then
    echo "docc plugin: a planted broken link passed"
    exit 1
fi
grep -q "isn't a disambiguation for 'register(_:)'" "$copy/docc.log" || {
    echo "docc plugin: the planted broken link failed without DocC's disambiguation message:"
    grep -E '^(warning|error):' "$copy/docc.log" | head -5
    exit 1
}
echo "docc plugin: a planted broken link is caught ($((SECONDS - start)) s)"
