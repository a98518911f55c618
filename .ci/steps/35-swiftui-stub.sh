#!/usr/bin/env bash
# Type-checks the SwiftUI layer of ScopedSwiftUI (Sources/ScopedSwiftUI, including the
# `#if canImport(SwiftUI)` files) against the declarations-only stand-ins for Apple's
# Combine and SwiftUI in Tests/SwiftUIStub: Swift 6 mode, warnings as errors. Linux has
# no SwiftUI, so without this step the layer would never be compiled here.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --target ScopedSwiftUI -Xswiftc -warnings-as-errors >/dev/null
build="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
flags=(-swift-version 6 -warnings-as-errors -parse-as-library)

swiftc "${flags[@]}" -emit-module -module-name Combine \
    -emit-module-path "$work/Combine.swiftmodule" Tests/SwiftUIStub/Combine.swift
swiftc "${flags[@]}" -I "$work" -emit-module -module-name SwiftUI \
    -emit-module-path "$work/SwiftUI.swiftmodule" Tests/SwiftUIStub/SwiftUI.swift

mapfile -t sources < <(find Sources/ScopedSwiftUI -name '*.swift' | sort)
layer=$(grep -l '^#if canImport(SwiftUI)' "${sources[@]}" | wc -l)
[ "$layer" -gt 0 ] || { echo "no SwiftUI layer found in Sources/ScopedSwiftUI"; exit 1; }
swiftc "${flags[@]}" -typecheck -module-name ScopedSwiftUI \
    -I "$work" -I "$build/Modules" -I "$build" \
    -Xcc "-fmodule-map-file=$build/CScopedPlatform.build/module.modulemap" \
    "${sources[@]}"

# The layer's own usage examples, written as an app would: a compile-only client.
swiftc "${flags[@]}" -emit-module -module-name ScopedSwiftUI \
    -emit-module-path "$work/ScopedSwiftUI.swiftmodule" \
    -I "$work" -I "$build/Modules" -I "$build" \
    -Xcc "-fmodule-map-file=$build/CScopedPlatform.build/module.modulemap" \
    "${sources[@]}"
swiftc "${flags[@]}" -typecheck -module-name StubClient \
    -I "$work" -I "$build/Modules" -I "$build" \
    -Xcc "-fmodule-map-file=$build/CScopedPlatform.build/module.modulemap" \
    Tests/SwiftUIStub/Client/*.swift
echo "SwiftUI layer ($layer files) and the stub client type-check against Tests/SwiftUIStub"
