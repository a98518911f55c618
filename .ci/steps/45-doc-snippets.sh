#!/usr/bin/env bash
# Every Swift snippet of README.md, the DocC articles and skills/**/*.md type-checks against the built
# library, in Swift 6 mode with warnings as errors (issue #14) — SwiftUI blocks against the
# declarations-only stub of Tests/SwiftUIStub: .ci/doc_snippets.py says how articles are
# read and how a block opts out (manifests, code of other libraries), with its reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build -Xswiftc -warnings-as-errors >/dev/null
stub=$(mktemp -d)
bash .ci/swiftui-stub-modules.sh "$stub" >/dev/null
python3 .ci/doc_snippets.py "$(swift build --show-bin-path)" "$stub"

# The check must catch a snippet that does not compile: plant one and expect a failure.
planted=$(mktemp -d)
trap 'rm -rf "$planted" "$stub"' EXIT
mkdir -p "$planted/.ci/snippets" "$planted/Sources/Planted/Planted.docc"
cp .ci/doc_snippets.py "$planted/.ci/"
cp .ci/snippets/SnippetSupport.swift "$planted/.ci/snippets/"
printf '# Planted\n\n```swift\nlet x: Int = "not an Int"\n```\n' >"$planted/README.md"
if python3 "$planted/.ci/doc_snippets.py" "$(swift build --show-bin-path)" >/dev/null 2>&1; then
    echo "doc snippets: a snippet that does not compile passed the check"
    exit 1
fi
echo "doc snippets: a planted broken snippet is caught"
