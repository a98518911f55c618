#!/usr/bin/env bash
# Builds, into OUT, the modules a SwiftUI client sees when it compiles against the
# declarations-only stand-ins of Tests/SwiftUIStub: Combine, SwiftUI, and ScopedSwiftUI
# compiled *with* its SwiftUI layer (the `#if canImport(SwiftUI)` files). Swift 6 mode,
# warnings as errors. Needs `swift build` to have built Scoped.
#   bash .ci/swiftui-stub-modules.sh OUT
# For another target (the Apple type-check, .ci/steps/15-apple-typecheck.sh):
# SCOPED_BUILD_DIR names the folder holding Modules/Scoped.swiftmodule and
# CScopedPlatform.build/module.modulemap, SCOPED_PACKAGE_NAME the package name Scoped was
# compiled with, and SCOPED_SWIFTC_FLAGS (words, no spaces inside one) the target flags.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$1"
build="${SCOPED_BUILD_DIR:-$(swift build --show-bin-path)}"
mkdir -p "$out"
# ScopedSwiftUI uses `package` declarations of Scoped: compile it in the same package, named
# as SwiftPM named it (after the checkout's folder).
package_name=${SCOPED_PACKAGE_NAME:-$(grep -o '"-package-name","[^"]*"' "$(dirname "$(dirname "$build")")/debug.yaml" | head -1 | cut -d'"' -f4)}
read -ra target_flags <<<"${SCOPED_SWIFTC_FLAGS:-}"
flags=(-package-name "${package_name:-scoped}" -swift-version 6 -warnings-as-errors -parse-as-library -I "$out" -I "$build/Modules" -I "$build"
       -Xcc "-fmodule-map-file=$build/CScopedPlatform.build/module.modulemap" "${target_flags[@]}")

swiftc "${flags[@]}" -emit-module -module-name Combine -emit-module-path "$out/Combine.swiftmodule" \
    Tests/SwiftUIStub/Combine.swift
swiftc "${flags[@]}" -emit-module -module-name SwiftUI -emit-module-path "$out/SwiftUI.swiftmodule" \
    Tests/SwiftUIStub/SwiftUI.swift Tests/SwiftUIStub/SwiftUI+Views.swift Tests/SwiftUIStub/SwiftUI+App.swift \
    Tests/SwiftUIStub/CGFloat.swift

mapfile -t sources < <(find Sources/ScopedSwiftUI -name '*.swift' | sort)
layer=$(grep -l '^#if canImport(SwiftUI)' "${sources[@]}" | wc -l)
[ "$layer" -gt 0 ] || { echo "no SwiftUI layer found in Sources/ScopedSwiftUI"; exit 1; }
graph_flags=()
if [ -n "${SYMBOL_GRAPH_DIR:-}" ]; then   # for the docs step: ScopedSwiftUI's symbols, layer included
    mkdir -p "$SYMBOL_GRAPH_DIR"
    graph_flags=(-emit-symbol-graph -emit-symbol-graph-dir "$SYMBOL_GRAPH_DIR"
                 -symbol-graph-minimum-access-level public -emit-extension-block-symbols
                 -symbol-graph-skip-synthesized-members)
fi
swiftc "${flags[@]}" "${graph_flags[@]}" -emit-module -module-name ScopedSwiftUI \
    -emit-module-path "$out/ScopedSwiftUI.swiftmodule" "${sources[@]}"
echo "$layer"
