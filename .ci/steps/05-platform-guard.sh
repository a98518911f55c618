#!/usr/bin/env bash
# Platform guard (issue #13). Fails when
#   - a library source (Sources/Scoped, Sources/ScopedTesting, Sources/ScopedSwiftUI)
#     imports Synchronization or Foundation (the library supports iOS 13 / macOS 10.15 and
#     stays Foundation-free);
#   - ScopedSwiftUI's framework-free core (outside Sources/ScopedSwiftUI/SwiftUI) imports a
#     UI framework, or a file of its SwiftUI layer is not wholly inside `#if canImport(SwiftUI)`;
#   - `canImport(Darwin)` / `import Darwin` appears in the library outside its one
#     platform file, Sources/Scoped/Internal/Platform/Platform.swift;
#   - a manifest's platforms rise above the floor: iOS 13, macOS 10.15, tvOS 13,
#     watchOS 6, visionOS 1 (Package.swift and Examples/AppModule/Package.swift).
set -euo pipefail
cd "$(dirname "$0")/../.."
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

library="Sources/Scoped Sources/ScopedTesting Sources/ScopedSwiftUI"
platform_file="Sources/Scoped/Internal/Platform/Platform.swift"

# shellcheck disable=SC2086
if hits=$(grep -rnE '^\s*(@[A-Za-z_]+\s+)*(public |package |internal |private |fileprivate )?import\s+(Synchronization|Foundation)\b' $library --include=*.swift); then
    fail "library sources import Synchronization or Foundation:"; echo "$hits"
fi
# shellcheck disable=SC2086
if hits=$(grep -rnE 'canImport\(Darwin\)|import\s+Darwin\b|os\((macOS|iOS|tvOS|watchOS|visionOS)\)' $library --include=*.swift | grep -v "^$platform_file:"); then
    fail "Darwin-specific code outside $platform_file:"; echo "$hits"
fi

if hits=$(grep -rnE '^\s*(@[A-Za-z_]+\s+)*(public |package |internal )?import\s+(SwiftUI|Combine|Observation|UIKit|AppKit)\b' \
        Sources/ScopedSwiftUI --include=*.swift | grep -v '^Sources/ScopedSwiftUI/SwiftUI/'); then
    fail "ScopedSwiftUI's framework-free core imports a UI framework:"; echo "$hits"
fi
for layer_file in Sources/ScopedSwiftUI/SwiftUI/*.swift; do
    [ -e "$layer_file" ] || continue
    if [ "$(head -1 "$layer_file")" != "#if canImport(SwiftUI)" ] || [ "$(tail -1 "$layer_file")" != "#endif" ]; then
        fail "$layer_file must be wholly inside #if canImport(SwiftUI) … #endif"
    fi
done

# The floor, per platform: the highest version a manifest may name.
check_manifest() {
    local manifest=$1 line
    line=$(grep -E '^\s*platforms:' "$manifest" || true)
    [ -n "$line" ] || { fail "$manifest names no platforms"; return; }
    for expected in '.macOS(.v10_15)' '.iOS(.v13)' '.tvOS(.v13)' '.watchOS(.v6)' '.visionOS(.v1)'; do
        case "$line" in
            *"$expected"*) ;;
            *) fail "$manifest: expected $expected in: $line" ;;
        esac
    done
}
check_manifest Package.swift
check_manifest Examples/AppModule/Package.swift

# The check itself must see what it guards: a deliberate violation is caught.
probe=$(mktemp)
printf 'import Synchronization\n' >"$probe"
if ! grep -qE '^\s*(@[A-Za-z_]+\s+)*(public |package |internal |private |fileprivate )?import\s+(Synchronization|Foundation)\b' "$probe"; then
    fail "the import pattern no longer matches 'import Synchronization'"
fi
rm -f "$probe"

if [ "$failures" -ne 0 ]; then
    echo "platform guard: $failures failure(s)"
    exit 1
fi
echo "platform guard: no Synchronization/Foundation in the library, Darwin only in $platform_file, platforms at the floor"
