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

# Every skill's front matter follows the Agent Skills specification
# (agentskills.io, docs/specification.mdx of github.com/agentskills/agentskills): `name`
# (1-64 lowercase letters, digits and single hyphens, the skill's folder name) and
# `description` (1-1024 characters) are required; `compatibility` is at most 500 characters.
python3 - skills/*/SKILL.md <<'PY'
import os, re, sys
failed = False
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    fields = dict(re.findall(r"^([a-z-]+):[ \t]*(.*)$", match.group(1), re.M)) if match else {}
    name, description = fields.get("name", ""), fields.get("description", "")
    problems = []
    if not match: problems.append("no front matter between --- lines")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name) or len(name) > 64: problems.append(f"name {name!r} is not 1-64 lowercase letters, digits and hyphens")
    if name != os.path.basename(os.path.dirname(path)): problems.append(f"name {name!r} is not the folder's name")
    if not 0 < len(description) <= 1024: problems.append(f"description has {len(description)} characters (1-1024)")
    if len(fields.get("compatibility", "")) > 500: problems.append("compatibility has more than 500 characters")
    for problem in problems:
        print(f"{path}: {problem}"); failed = True
    if not problems:
        print(f"skill {name}: front matter valid (description {len(description)} characters)")
sys.exit(1 if failed else 0)
PY

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

# A main-actor-default block compiles under that setting: a nonisolated call of an
# unannotated type's initialiser, fine in a plain block, must fail there.
printf '# Planted\n\n<!-- snippet: main-actor-default -->\n```swift\nfinal class Service: Sendable { init() {} }\nnonisolated func make() -> Service { Service() }\n```\n' >"$planted/README.md"
if python3 "$planted/.ci/doc_snippets.py" "$(swift build --show-bin-path)" >/dev/null 2>&1; then
    echo "doc snippets: a main-actor-default block was not compiled under default main-actor isolation"
    exit 1
fi
echo "doc snippets: a planted block is compiled under default main-actor isolation"
