#!/usr/bin/env bash
# An app module in a package of its own (Examples/AppModule) declares factories in its
# own extension of Container and uses every scope, override, parameter factory, Lazy and
# property wrapper through the public API only, in Swift 6 mode, warnings as errors.
# Then the sample app's view models (Examples/ScopedSample.swiftpm: on Linux its manifest
# is the framework-free SampleFeatures target and its tests; the SwiftUI app target exists
# only in Xcode) are tested the same way. Its SwiftUI sources are type-checked for iOS by
# .ci/steps/15-apple-typecheck.sh. Both packages share one scratch path, so Scoped is
# built once.
set -euo pipefail
cd "$(dirname "$0")/../../Examples"
start=$SECONDS
(cd AppModule && swift test --scratch-path ../../.build-example -Xswiftc -warnings-as-errors)
echo "AppModule tested ($((SECONDS - start)) s)"
(cd ScopedSample.swiftpm && swift test --scratch-path ../../.build-example -Xswiftc -warnings-as-errors)
echo "ScopedSample's view models tested ($((SECONDS - start)) s)"
