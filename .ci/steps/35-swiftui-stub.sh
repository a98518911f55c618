#!/usr/bin/env bash
# Type-checks the SwiftUI layer of ScopedSwiftUI (the `#if canImport(SwiftUI)` files of
# Sources/ScopedSwiftUI) against the declarations-only stand-ins for Apple's Combine and
# SwiftUI in Tests/SwiftUIStub — Swift 6 mode, warnings as errors — and then a client
# written as an app would write it (Tests/SwiftUIStub/Client). Linux has no SwiftUI: without
# this step the layer would never be compiled here.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build -Xswiftc -warnings-as-errors >/dev/null
build="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
layer=$(bash .ci/swiftui-stub-modules.sh "$work" | tail -1)
swiftc -swift-version 6 -warnings-as-errors -parse-as-library -typecheck -module-name StubClient \
    -I "$work" -I "$build/Modules" -I "$build" \
    -Xcc "-fmodule-map-file=$build/CScopedPlatform.build/module.modulemap" \
    Tests/SwiftUIStub/Client/*.swift

# Apple's State page: `@State` becomes a macro with Xcode 27; the layer holds `State<…>`
# storage without the attribute, so that it never depends on the macro's generated names.
if grep -n '^[[:space:]]*@State[[:space:]]' Sources/ScopedSwiftUI/SwiftUI/*.swift; then
    echo "swiftui stub: the layer uses the @State attribute; hold State(wrappedValue:) in a stored State<…> property"
    exit 1
fi

# SwiftUI runs `update()` on a dynamic property's installed copy before `body`; the wrappers
# mark their slot installed there (a slot never marked refuses to resolve). `update()` has a
# default, so the type-check alone would not notice a wrapper that lost its own.
for wrapper in ScopedObject ScopedObservable; do
    if ! grep -q 'nonisolated mutating func update()' "Sources/ScopedSwiftUI/SwiftUI/$wrapper.swift" \
        || ! grep -q 'markInstalled()' "Sources/ScopedSwiftUI/SwiftUI/$wrapper.swift"; then
        echo "swiftui stub: $wrapper does not mark its slot installed in update()"
        exit 1
    fi
done

# The check must catch a layer that misuses SwiftUI: plant a call with a wrong label.
planted="$work/planted"
mkdir -p "$planted/Sources/ScopedSwiftUI/SwiftUI" "$planted/Tests" "$planted/.ci"
cp -r Sources/ScopedSwiftUI/. "$planted/Sources/ScopedSwiftUI/"
cp -r Tests/SwiftUIStub "$planted/Tests/"
cp .ci/swiftui-stub-modules.sh "$planted/.ci/"
sed -i 's/StateObject(wrappedValue: ObjectWillChangeForwarder/StateObject(initialValue: ObjectWillChangeForwarder/' \
    "$planted/Sources/ScopedSwiftUI/SwiftUI/ScopedObject.swift"
if (cd "$planted" && SCOPED_BUILD_DIR="$build" bash .ci/swiftui-stub-modules.sh "$work/planted-out") >/dev/null 2>&1; then
    echo "swiftui stub: a layer calling StateObject(initialValue:) (not in Apple's API) type-checked"
    exit 1
fi
echo "SwiftUI layer ($layer files) and the stub client type-check against Tests/SwiftUIStub; a planted misuse is caught"
