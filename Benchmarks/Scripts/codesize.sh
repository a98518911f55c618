#!/usr/bin/env bash
# Bytes of machine code an app carries per factory declaration and per resolve site
# (issue #18), measured on a generated module built in release:
#
#   Benchmarks/Scripts/codesize.sh            # N = 100 and 400
#   COUNTS="50 200" Benchmarks/Scripts/codesize.sh
#
# The script writes one throwaway package (Benchmarks/.build/codesize/package) with a
# library target `Generated` and, for each N and variant, rewrites its source to hold N factory declarations in a `Container` extension (a
# mix of .cached, .singleton, .unique and .shared, one service class each) and one
# function that resolves each factory once; a second variant resolves each factory
# twice, and a third declares the same classes without any factory. Sizes are the
# `.text` (+ `.text.*`) sections of the module's object files, so only code the app
# itself carries is counted, not the Scoped library's own code:
#
#   per factory      = (text(N, one resolve each) - text(N, classes only)) / N
#   per resolve site = (text(N, two resolves each) - text(N, one resolve each)) / N
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/.." && pwd)"
work="$here/.build/codesize"
counts="${COUNTS:-100 400}"
export PATH="/opt/swift/usr/bin:$PATH"
mkdir -p "$work"

generate() { # N VARIANT(classes|once|twice) DIR
    python3 - "$1" "$2" "$3" <<'EOF'
import sys
n, variant, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
scopes = [".cached", ".singleton", "", ".shared"]  # "" = .unique, the default
lines = ["import Scoped", ""]
for i in range(n):
    lines.append(f"public final class Service{i}: Sendable {{ public let id = {i}; public init() {{}} }}")
if variant != "classes":
    lines += ["", "extension Container {"]
    for i in range(n):
        lines.append(f"    public var service{i}: Factory<Service{i}> {{ self {{ Service{i}() }}{scopes[i % 4]} }}")
    lines += ["}", "", "public func resolveAll(_ c: Container) -> Int {", "    var sum = 0"]
    for i in range(n):
        lines.append(f"    sum &+= c.service{i}().id")
        if variant == "twice":
            lines.append(f"    sum &+= c.service{i}().id")
    lines += ["    return sum", "}"]
open(out, "w").write("\n".join(lines) + "\n")
EOF
}

text_bytes() { # package dir
    local objects
    objects=$(find "$1/.build/release/Generated.build" -name '*.o')
    # shellcheck disable=SC2086
    size -A $objects | awk '$1 ~ /^\.text/ { sum += $2 } END { print sum + 0 }'
}

dir="$work/package"
mkdir -p "$dir/Sources/Generated"
cat >"$dir/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "CodeSize",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [.package(name: "Scoped", path: "$root")],
    targets: [.target(name: "Generated", dependencies: [.product(name: "Scoped", package: "Scoped")])],
    swiftLanguageModes: [.v6]
)
EOF

build_variant() { # N VARIANT -> prints text bytes
    generate "$1" "$2" "$dir/Sources/Generated/Generated.swift"
    swift build -c release --package-path "$dir" --target Generated >"$dir/build.log" 2>&1 \
        || { tail -30 "$dir/build.log" >&2; exit 1; }
    text_bytes "$dir"
}

echo "| N | .text, classes only | one resolve each | two resolves each | bytes per factory + 1 resolve site | bytes per extra resolve site |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in $counts; do
    classes=$(build_variant "$n" classes)
    once=$(build_variant "$n" once)
    twice=$(build_variant "$n" twice)
    echo "| $n | $classes | $once | $twice | $(( (once - classes) / n )) | $(( (twice - once) / n )) |"
done
