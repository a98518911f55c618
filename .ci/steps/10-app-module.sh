#!/usr/bin/env bash
# An app module in a package of its own (Examples/AppModule) declares factories in its
# own extension of Container and uses every scope, override, parameter factory, Lazy and
# property wrapper through the public API only, in Swift 6 mode, warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/../../Examples/AppModule"
swift test --scratch-path ../../.build-example -Xswiftc -warnings-as-errors
