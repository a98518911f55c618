#!/usr/bin/env bash
# Builds, under .build-apple/ (git-ignored, reused while its inputs are unchanged), what the
# Apple type-check (.ci/steps/15-apple-typecheck.sh) compiles against:
#
#   .build-apple/sdk/          an SDK root: Darwin's C headers from PyPI's `ziglang` wheel
#                              (lib/libc/include/any-darwin-any, the macOS libc headers,
#                              which serve every Apple platform here) and a Clang module
#                              `Darwin` over the headers the library uses (Darwin.modulemap)
#   .build-apple/<os>/         for each Apple platform at the package's floor, the
#                              standard library compiled from the toolchain's own
#                              .swiftinterface files for that target (Swift, _Concurrency,
#                              _StringProcessing, _RegexParser, SwiftOnoneSupport,
#                              Observation, Testing), and the stand-ins for Dispatch,
#                              XCTest and os (.ci/apple/Dispatch.swift, XCTest.swift,
#                              os.swift), which the toolchain has no interface of
#
#   bash .ci/apple/sdk.sh [ios|macos|tvos|watchos ...]     # default: all four
#
# The interfaces carry Apple's `@available` attributes. Inside these library modules
# availability checking is off (-disable-availability-checking): the declarations keep
# their annotations, and the clients compiled against them are checked. Two edits to the
# interface text: `@backDeployed(before:)` is dropped (a few declarations are printed
# with it but without the body it needs; it changes nothing a client's availability
# check sees, which reads `@available`), and `import Glibc` becomes `import Darwin`.
# Only x86_64 triples work: the Linux interface declares `Float80`, which arm64 Apple
# targets lack. visionOS has no x86_64 triple, so Swift code is not checked for it
# (the C target is, with clang).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

ZIGLANG_VERSION=0.17.1
out=.build-apple
resources="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift"
interfaces="$resources/linux"
# The folder of SwiftShims' module map, which the standard library imports, as a search
# path: for the watchOS simulator target the Clang importer does not find it alone. Every
# client of these modules passes it too (.ci/steps/15-apple-typecheck.sh).
shims=(-I "$resources/shims")

source .ci/apple/triples.sh

# What the SDK and the standard library depend on (bump RECIPE when the steps below
# change), and what the stand-ins do; a change rebuilds them.
RECIPE=2
fingerprint=$( { swiftc --version 2>&1; echo "ziglang $ZIGLANG_VERSION recipe $RECIPE";
                 cat .ci/apple/Darwin.modulemap; } | sha256sum | cut -c1-16)
standins=$(cat .ci/apple/Dispatch.swift .ci/apple/XCTest.swift .ci/apple/os.swift | sha256sum | cut -c1-16)

# The SDK root: headers and the Darwin module, from the pinned wheel.
if [ "$(cat "$out/sdk/.fingerprint" 2>/dev/null)" != "$fingerprint" ]; then
    rm -rf "$out/sdk" "$out/wheel"
    mkdir -p "$out/wheel" "$out/sdk/usr"
    python3 -m pip download --quiet --no-deps --dest "$out/wheel" "ziglang==$ZIGLANG_VERSION"
    python3 - "$out/wheel" "$out/sdk/usr/include" <<'PY'
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "ziglang-*.whl"))[0]
prefix = "ziglang/lib/libc/include/any-darwin-any/"
with zipfile.ZipFile(wheel) as archive:
    for name in archive.namelist():
        if name.startswith(prefix) and not name.endswith("/"):
            target = os.path.join(sys.argv[2], name[len(prefix):])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as file:
                file.write(archive.read(name))
PY
    rm -rf "$out/wheel"
    cp .ci/apple/Darwin.modulemap "$out/sdk/usr/include/module.modulemap"
    # Read by the driver for the SDK's version; any Apple SDK of these platforms has one.
    printf '{"CanonicalName": "scoped-apple-typecheck", "Version": "13.0", "IsBaseSDK": "YES", "DefaultDeploymentTarget": "13.0", "MaximumDeploymentTarget": "13.0.99", "VersionMap": {}}\n' \
        >"$out/sdk/SDKSettings.json"
    echo "$fingerprint" >"$out/sdk/.fingerprint"
fi

build_platform() {
    local os=$1 target dir
    target=$(triple "$os")
    dir="$out/$os"
    if [ "$(cat "$dir/.fingerprint" 2>/dev/null)" != "$fingerprint" ]; then
        build_stdlib "$os" "$target" "$dir"
        echo "$fingerprint" >"$dir/.fingerprint"
    fi
    [ "$(cat "$dir/.standins" 2>/dev/null)" = "$standins" ] && return 0
    for module in Dispatch XCTest os; do
        swiftc -target "$target" -sdk "$out/sdk" -I "$dir" "${shims[@]}" -Xfrontend -disable-objc-interop \
            -swift-version 6 -warnings-as-errors -parse-as-library -emit-module -module-name "$module" \
            -emit-module-path "$dir/$module.swiftmodule" ".ci/apple/$module.swift"
    done
    echo "$standins" >"$dir/.standins"
}

build_stdlib() {
    local os=$1 target=$2 dir=$3 sources
    rm -rf "$dir" && mkdir -p "$dir/interfaces"
    # Modules in dependency order; -parse-stdlib where the interface says so.
    for module in Swift _Concurrency SwiftOnoneSupport _RegexParser _StringProcessing Observation Testing; do
        sources="$dir/interfaces/$module.swiftinterface"
        sed -e "s/-target x86_64-unknown-linux-gnu/-target $target/" \
            -e 's/@backDeployed(before: [^)]*)//' \
            -e 's/^import Glibc$/import Darwin/' \
            "$interfaces/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" >"$sources"
        local stdlib=()
        grep -q -- '-parse-stdlib' "$sources" && stdlib=(-parse-stdlib)
        swiftc -frontend -compile-module-from-interface -target "$target" "${stdlib[@]}" \
            -disable-availability-checking -sdk "$out/sdk" -I "$dir" "${shims[@]}" \
            -module-name "$module" "$sources" -o "$dir/$module.swiftmodule"
    done
    # Interfaces stay apart from the modules: a client that finds both may rebuild from text.
    rm -rf "$dir/interfaces"
}

platforms=("$@")
[ ${#platforms[@]} -gt 0 ] || platforms=(ios macos tvos watchos)
# Two at a time (the machines have two cores); each stdlib takes about a minute.
pids=()
for os in "${platforms[@]}"; do
    triple "$os" >/dev/null
    build_platform "$os" &
    pids+=($!)
    if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid"; done
