#!/usr/bin/env bash
# Apple type-check (issue #27): compiles what an app on an Apple platform compiles, for
# iOS 13, macOS 10.15, tvOS 13 and watchOS 6 (the floor of Package.swift), with Apple's
# availability enforced — something a Linux build never checks. For each platform, in
# Swift 6 mode with warnings as errors, function bodies included:
#   1. Scoped, ScopedTesting, and ScopedSwiftUI with its SwiftUI layer (against the
#      declarations-only SwiftUI and Combine of Tests/SwiftUIStub), as modules;
#   2. the stub client (Tests/SwiftUIStub/Client), written as an app would write it;
#   3. every Swift snippet of README.md, the DocC articles and skills/ (.ci/doc_snippets.py),
#      at the availability its page states (`<!-- snippets: minimum iOS 14, … -->`);
#   4. for iOS, the sample app (Examples/ScopedSample.swiftpm) at its deployment target;
#   5. for macOS, ScopedDemo on the model of SwiftUI (`swift run ScopedDemo` on a Mac, #39);
# and compiles the C target (Sources/CScopedPlatform) with clang for every Apple triple,
# arm64 and visionOS included, with -Wall -Wextra -Werror.
#
# Against what: the standard library built for each target from the toolchain's own
# .swiftinterface files, Darwin's C headers from PyPI's ziglang wheel, and a stand-in for
# Dispatch and os (.ci/apple/sdk.sh says how, .ci/apple/Dispatch.swift and os.swift cite each declaration's
# page). What this cannot check: code generation and linking, the real Darwin and
# Dispatch overlays (only the declarations the library uses are modelled), Objective-C
# interop (the check runs without it: the Linux standard library lacks its types),
# SwiftUI's and Combine's real declarations beyond the stub, and Swift code for visionOS
# (no x86_64 triple; its C is checked).
#
#   bash .ci/steps/15-apple-typecheck.sh             # the four platforms, planted failures
#   bash .ci/steps/15-apple-typecheck.sh --fast      # iOS only, no planted failures
#   APPLE_CHECK_ROOT=DIR bash …/15-apple-typecheck.sh --platform ios --no-plants
#                                                    # check the sources of another tree
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
tools=$PWD
resources="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift"
root=$(cd "${APPLE_CHECK_ROOT:-$PWD}" && pwd)

platforms=(ios macos tvos watchos)
plants=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --fast) platforms=(ios); plants=no ;;
        --platform) platforms=("$2"); shift ;;
        --no-plants) plants=no ;;
        *) echo "usage: $0 [--fast] [--platform ios|macos|tvos|watchos] [--no-plants]" >&2; exit 2 ;;
    esac
    shift
done

start=$SECONDS
bash .ci/apple/sdk.sh "${platforms[@]}"
echo "apple: SDK ready ($((SECONDS - start)) s)"

source .ci/apple/triples.sh

# check_platform OS SOURCE_ROOT OUT: type-checks every Swift product of SOURCE_ROOT for OS,
# with SOURCE_ROOT's own .ci scripts (a planted copy is checked whole). Every command
# returns on failure itself: a plant runs this inside `if`, where `set -e` does not apply.
check_platform() {
    local os=$1 source_root=$2 work=$3 target
    target=$(triple "$os")
    rm -rf "$work" && mkdir -p "$work/Modules" "$work/CScopedPlatform.build" "$work/stub"
    printf 'module CScopedPlatform {\n    header "%s"\n    export *\n}\n' \
        "$source_root/Sources/CScopedPlatform/include/CScopedPlatform.h" >"$work/CScopedPlatform.build/module.modulemap"
    local target_flags=(-target "$target" -sdk "$tools/.build-apple/sdk" -I "$tools/.build-apple/$os"
                        -I "$resources/shims" -Xfrontend -disable-objc-interop)
    local flags=("${target_flags[@]}" -swift-version 6 -warnings-as-errors -parse-as-library -package-name scoped
                 -I "$work/Modules" -Xcc "-fmodule-map-file=$work/CScopedPlatform.build/module.modulemap")
    # -wmo: one frontend type-checks every body of the module and reports every error.
    for product in Scoped ScopedTesting; do
        mapfile -t sources < <(find "$source_root/Sources/$product" -name '*.swift' | sort)
        swiftc "${flags[@]}" -wmo -emit-module -module-name "$product" \
            -emit-module-path "$work/Modules/$product.swiftmodule" "${sources[@]}" || return 1
    done
    (cd "$source_root" && SCOPED_BUILD_DIR="$work" SCOPED_PACKAGE_NAME=scoped \
        SCOPED_SWIFTC_FLAGS="${target_flags[*]}" bash .ci/swiftui-stub-modules.sh "$work/stub" >/dev/null) || return 1
    swiftc "${flags[@]}" -I "$work/stub" -typecheck -module-name StubClient "$source_root"/Tests/SwiftUIStub/Client/*.swift \
        || return 1
    # On Apple platforms ScopedSwiftUI always has its SwiftUI layer: every snippet sees that one.
    (cd "$source_root" && SNIPPET_SWIFTC_FLAGS="${target_flags[*]} -I $work/stub" SNIPPET_PLATFORM="$os" \
        python3 .ci/doc_snippets.py "$work" "$work/stub") || return 1
    if [ "$os" = macos ]; then
        check_demo_on_model "$source_root" "$work" "${target_flags[@]}" || return 1
    fi
    if [ "$os" = ios ] && [ -d "$source_root/Examples/ScopedSample.swiftpm" ]; then
        check_sample_app "$source_root/Examples/ScopedSample.swiftpm" "$work" || return 1
    fi
}

# check_demo_on_model SOURCE_ROOT WORK TARGET_FLAGS…: `swift run ScopedDemo` on a Mac (issue
# #39) — the model of SwiftUI (Tests/SwiftUIModel), ScopedSwiftUI's layer compiled against
# it with the aliases Package.swift gives ScopedSwiftUIOnModel, then the demo, at the
# package's floor. The demo's terminal calls the stand-in lacks: .ci/apple/DemoShims.swift.
check_demo_on_model() {
    local source_root=$1 work=$2; shift 2
    local flags=("$@" -swift-version 6 -warnings-as-errors -package-name scoped -I "$work/Modules"
                 -Xcc "-fmodule-map-file=$work/CScopedPlatform.build/module.modulemap")
    swiftc "${flags[@]}" -parse-as-library -wmo -emit-module -module-name CombineModel \
        -emit-module-path "$work/Modules/CombineModel.swiftmodule" "$source_root"/Tests/SwiftUIModel/Combine/*.swift || return 1
    swiftc "${flags[@]}" -parse-as-library -wmo -emit-module -module-name SwiftUIModel \
        -emit-module-path "$work/Modules/SwiftUIModel.swiftmodule" "$source_root"/Tests/SwiftUIModel/SwiftUI/*.swift || return 1
    mapfile -t layer < <(find "$source_root/Sources/ScopedSwiftUI" -name '*.swift' | sort)
    swiftc "${flags[@]}" -parse-as-library -wmo -emit-module -module-name ScopedSwiftUIOnModel \
        -module-alias SwiftUI=SwiftUIModel -module-alias Combine=CombineModel \
        -emit-module-path "$work/Modules/ScopedSwiftUIOnModel.swiftmodule" "${layer[@]}" || return 1
    mapfile -t demo < <(find "$source_root/Sources/ScopedDemo" -name '*.swift' ! -name main.swift | sort)
    swiftc "${flags[@]}" -parse-as-library -typecheck -module-name ScopedDemo "${demo[@]}" "$tools/.ci/apple/DemoShims.swift" \
        || return 1
    echo "demo: the model of SwiftUI, ScopedSwiftUI's layer on it and ScopedDemo (${#demo[@]} files) type-check"
}

# check_sample_app APP WORK: the sample app, for iOS at the deployment target its manifest
# names — its view models (Sources/SampleFeatures) as a module, then its SwiftUI sources
# (App/) against the stub, as a client of the public API (no -package-name). Previews.swift
# holds only `#Preview` macros, which need Apple's SDK to expand: it is left out.
check_sample_app() {
    local app=$1 work=$2 version app_flags
    version=$(grep -oE '\.iOS\("[0-9.]+"\)' "$app/Package.swift" | grep -oE '[0-9]+(\.[0-9]+)*')
    [ -n "$version" ] || { echo "sample app: no .iOS(\"…\") deployment target in $app/Package.swift"; return 1; }
    app_flags=(-target "x86_64-apple-ios$version-simulator" -sdk "$tools/.build-apple/sdk" -I "$tools/.build-apple/ios"
               -I "$resources/shims" -Xfrontend -disable-objc-interop -swift-version 6 -warnings-as-errors
               -parse-as-library -I "$work/stub" -I "$work/Modules"
               -Xcc "-fmodule-map-file=$work/CScopedPlatform.build/module.modulemap")
    swiftc "${app_flags[@]}" -emit-module -module-name SampleFeatures \
        -emit-module-path "$work/Modules/SampleFeatures.swiftmodule" "$app"/Sources/SampleFeatures/*.swift || return 1
    mapfile -t app_sources < <(find "$app/App" -name '*.swift' ! -name Previews.swift | sort)
    swiftc "${app_flags[@]}" -typecheck -module-name AppModule "${app_sources[@]}" || return 1
    echo "sample app: SampleFeatures and ${#app_sources[@]} app files type-check for iOS $version"
}

# check_c SOURCE_ROOT: the C target, for every Apple triple a shipping app builds for.
check_c() {
    local source_root=$1 target
    for target in arm64-apple-ios13.0 arm64-apple-ios13.0-simulator x86_64-apple-ios13.0-simulator \
                  arm64-apple-macos11.0 x86_64-apple-macos10.15 arm64-apple-tvos13.0 arm64-apple-tvos13.0-simulator \
                  x86_64-apple-tvos13.0-simulator arm64_32-apple-watchos6.0 arm64-apple-watchos6.0 \
                  arm64-apple-watchos6.0-simulator x86_64-apple-watchos6.0-simulator arm64-apple-xros1.0 \
                  arm64-apple-xros1.0-simulator; do
        clang -target "$target" -isysroot "$tools/.build-apple/sdk" -std=c11 -Wall -Wextra -Werror \
            -I "$source_root/Sources/CScopedPlatform/include" -fsyntax-only "$source_root/Sources/CScopedPlatform/CScopedPlatform.c"
    done
}

# Checks run two at a time (two cores); each writes its own log, printed on failure.
run_checks() {
    local source_root=$1 label=$2 failed=0 pids=() names=() i
    check_c "$source_root" >"$tools/.build-apple/check-$label-c.log" 2>&1 &
    pids+=($!); names+=(c)
    for os in "${platforms[@]}"; do
        if [ ${#pids[@]} -ge 2 ]; then
            wait "${pids[0]}" || { failed=1; echo "--- $label ${names[0]}: FAILED"; cat "$tools/.build-apple/check-$label-${names[0]}.log"; }
            pids=("${pids[@]:1}"); names=("${names[@]:1}")
        fi
        check_platform "$os" "$source_root" "$tools/.build-apple/check/$label-$os" \
            >"$tools/.build-apple/check-$label-$os.log" 2>&1 &
        pids+=($!); names+=("$os")
    done
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" || { failed=1; echo "--- $label ${names[$i]}: FAILED"; cat "$tools/.build-apple/check-$label-${names[$i]}.log"; }
    done
    return $failed
}

run_checks "$root" main
for os in "${platforms[@]}"; do
    grep -E "^(doc snippets|sample app|demo):" ".build-apple/check-main-$os.log" | sed "s/^/apple $os ($(triple "$os")): /"
done
echo "apple: C target compiles for 14 Apple triples (arm64, arm64_32, x86_64; visionOS included)"

if [ "$plants" = yes ]; then
    # The check must catch what it exists for. Each plant goes into a copy of the tree;
    # the check must fail on it, with the message it exists to give.
    plant() {
        local name=$1 file=$2 expect=$3 script=$4 copy="$tools/.build-apple/plant-$1"
        rm -rf "$copy" && mkdir -p "$copy"
        cp -r .ci Sources Tests README.md "$copy/"
        mkdir -p "$copy/Examples" && cp -r Examples/ScopedSample.swiftpm "$copy/Examples/"
        rm -rf "$copy/Examples/ScopedSample.swiftpm/.build"
        python3 -c "$script" "$copy/$file"
        if (platforms=(ios); run_checks "$copy" "plant-$name") >"$copy.log" 2>&1; then
            echo "apple: the planted $name type-checked"; return 1
        fi
        grep -q -- "$expect" "$copy.log" || { echo "apple: the planted $name failed without '$expect':"; cat "$copy.log"; return 1; }
        echo "apple: planted $name caught ($expect)"
        rm -rf "$copy" "$copy.log"
    }
    # An iOS 16 API (a substring search of _StringProcessing) in a library body.
    plant ios16-call Sources/Scoped/FactoryContext.swift "is only available in iOS 16.0 or newer" '
import sys; p = sys.argv[1]; s = open(p).read()
s = s.replace("guard let name = components.last else { return false }",
              "guard let name = components.last, !executable.contains(\".app/\") else { return false }", 1)
open(p, "w").write(s)'
    # The SwiftUI layer without the @available its SwiftUI API needs (StateObject: iOS 14).
    plant missing-available Sources/ScopedSwiftUI/SwiftUI/ScopedObject.swift "is only available in iOS 14.0 or newer" '
import sys, re; p = sys.argv[1]; s = open(p).read()
s, n = re.subn(r"@available\(iOS 14\.0, macOS 11\.0, tvOS 14\.0, watchOS 7\.0, \*\)\n(@MainActor\n@propertyWrapper)", r"\1", s, count=1)
assert n == 1, "no @available above the property wrapper in ScopedObject.swift"
open(p, "w").write(s)'
    # The sample app's manifest lowered below iOS 17, which its @Observable view models need.
    plant sample-app-floor Examples/ScopedSample.swiftpm/Package.swift "is only available in iOS 17.0 or newer" '
import sys; p = sys.argv[1]; s = open(p).read()
assert ".iOS(\"17.0\")" in s
s = s.replace(".iOS(\"17.0\")", ".iOS(\"16.0\")", 1)
open(p, "w").write(s)'
    # A broken line in the Darwin branch of the platform file.
    plant darwin-branch Sources/Scoped/Internal/Platform/Platform.swift "pthread_main_np" '
import sys; p = sys.argv[1]; s = open(p).read()
assert "pthread_main_np() == 1" in s
s = s.replace("pthread_main_np() == 1", "pthread_main_np(0) == 1", 1)
open(p, "w").write(s)'
fi
echo "apple: done in $((SECONDS - start)) s"
