#!/usr/bin/env python3
"""Type-checks every Swift snippet of README.md, the DocC catalogs and the assistant skills
(skills/**/*.md), as a reader who pastes it into a file of their own would: Swift 6 mode,
warnings as errors, against the built Scoped and ScopedTesting modules (issue #14:
snippets must not rot).

    python3 .ci/doc_snippets.py BUILD_DIR [STUB_DIR]
        # BUILD_DIR: `swift build --show-bin-path`
        # STUB_DIR: modules built by .ci/swiftui-stub-modules.sh (for SwiftUI blocks)

An article is read in order, as a reader follows it: its ```swift blocks, concatenated,
make the main file of a module of its own (top-level statements allowed, as in a script
or a playground), after `import Scoped`, `import ScopedSwiftUI`, `import ScopedTesting`,
`import Testing` and `import SnippetSupport`. A later block may use what an earlier one declared. SnippetSupport
(.ci/snippets/SnippetSupport.swift) declares the app types the articles name without
declaring (`LiveAPIClient`, `EntryStore`, view models ...); a snippet that declares one
of them uses its own, which shadows the support module's.

SwiftUI code, which Linux lacks, is checked against the declarations-only stand-ins of
Apple's SwiftUI and Combine in Tests/SwiftUIStub (STUB_DIR): a block marked

    <!-- snippet: swiftui -->

joins the article's SwiftUI module instead — its swiftui blocks, in order, after
`import Observation`, `import Scoped`, `import ScopedSwiftUI` (with its SwiftUI layer)
and `import SwiftUI`. They declare the types they use (no SnippetSupport).

An app target may infer `@MainActor` for every unannotated declaration (SE-0466:
SwiftPM's `.defaultIsolation(MainActor.self)`, Xcode's *Default Actor Isolation*). A block
written for such a target is marked

    <!-- snippet: main-actor-default -->

and joins the article's module for that setting: its such blocks, in order, after
`import Scoped` only, compiled with `-default-isolation MainActor`. They declare the
types they use (SnippetSupport's types belong to another module, which would hide what
the setting does to an app's own types).

A block that is not meant to compile at all (a "before" version that an "after" block
redeclares; a manifest; API the stub does not declare) says so on the line before its
fence:

    <!-- snippet: skip (Package.swift manifest) -->

The reason in parentheses is required. Markdown renderers and DocC hide the comment.

For the Apple type-check (.ci/steps/15-apple-typecheck.sh), SNIPPET_SWIFTC_FLAGS adds
target flags (`-target x86_64-apple-ios13.0-simulator -sdk …`) and SNIPPET_PLATFORM names
the platform (ios, macos, tvos, watchos). An article whose examples need more than the
package's floor says so in its text and, for the check, once anywhere in the article:

    <!-- snippets: minimum iOS 14, macOS 11, tvOS 14, watchOS 7 -->

Its SwiftUI blocks are then type-checked at that version of the platform; its other
blocks stay at the floor.
Exits 1 if any snippet fails, printing the article, the snippet's line and the compiler's
diagnostics with line numbers of the article.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = re.compile(r"<!--\s*snippet:\s*skip\s*\((.+)\)\s*-->")
SWIFTUI = re.compile(r"<!--\s*snippet:\s*swiftui\s*-->")
MAIN_ACTOR_DEFAULT = re.compile(r"<!--\s*snippet:\s*main-actor-default\s*-->")
MINIMUM = re.compile(r"<!--\s*snippets:\s*minimum\s+([^>]*?)\s*-->")
PLATFORM_NAMES = {"ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS"}
HEADER = "import Scoped\nimport ScopedSwiftUI\nimport ScopedTesting\nimport SnippetSupport\nimport Testing\n"
SWIFTUI_HEADER = "import Observation\nimport Scoped\nimport ScopedSwiftUI\nimport SwiftUI\n"
MAIN_ACTOR_DEFAULT_HEADER = "import Scoped\n"
# The modules an article's blocks make: (header, module name suffix, extra compiler flags).
KINDS = {
    "plain": (HEADER, "", []),
    "swiftui": (SWIFTUI_HEADER, "SwiftUI", []),
    "main-actor-default": (MAIN_ACTOR_DEFAULT_HEADER, "MainActorDefault", ["-default-isolation", "MainActor"]),
}


def snippets(path):
    """Yields (line number of the first code line, code, skip reason or None, kind of module)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        fence = re.match(r"^(\s*)```swift\s*$", lines[index])
        if not fence:
            index += 1
            continue
        indent = len(fence.group(1))
        previous = next((lines[j] for j in range(index - 1, -1, -1) if lines[j].strip()), "")
        skip = SKIP.search(previous)
        start = index + 1
        end = start
        while end < len(lines) and not re.match(r"^\s*```\s*$", lines[end]):
            end += 1
        code = "\n".join(line[indent:] if line[:indent].strip() == "" else line for line in lines[start:end])
        kind = "swiftui" if SWIFTUI.search(previous) else "main-actor-default" if MAIN_ACTOR_DEFAULT.search(previous) else "plain"
        yield start + 1, code, skip.group(1) if skip else None, kind
        index = end + 1


def target_flags(article_text=""):
    """SNIPPET_SWIFTC_FLAGS, with the platform version raised to the article's minimum."""
    flags = os.environ.get("SNIPPET_SWIFTC_FLAGS", "").split()
    platform = os.environ.get("SNIPPET_PLATFORM")
    minimum = MINIMUM.search(article_text)
    if platform and minimum:
        versions = dict(re.findall(r"(iOS|macOS|tvOS|watchOS)\s+([0-9.]+)", minimum.group(1)))
        version = versions.get(PLATFORM_NAMES[platform])
        if version:
            version += ".0" if "." not in version else ""
            flags = [re.sub(rf"-apple-{platform}[0-9.]+", f"-apple-{platform}{version}", flag) for flag in flags]
    return flags


def swiftc(build_dir, *arguments, first_includes=(), article_text=""):
    modulemap = os.path.join(build_dir, "CScopedPlatform.build", "module.modulemap")
    command = [
        "swiftc", "-swift-version", "6", "-warnings-as-errors", *target_flags(article_text),
        *[flag for path in first_includes for flag in ("-I", path)],
        "-I", os.path.join(build_dir, "Modules"), "-I", build_dir,
        "-Xcc", f"-fmodule-map-file={modulemap}",
        *arguments,
    ]
    return subprocess.run(command, capture_output=True, text=True)


def main():
    build_dir = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="doc-snippets-")
    support = swiftc(
        build_dir, "-parse-as-library", "-emit-module", "-module-name", "SnippetSupport",
        "-emit-module-path", os.path.join(work, "SnippetSupport.swiftmodule"),
        os.path.join(ROOT, ".ci", "snippets", "SnippetSupport.swift"))
    if support.returncode != 0:
        print(support.stdout + support.stderr)
        print("doc snippets: .ci/snippets/SnippetSupport.swift does not compile")
        return 1
    articles = [os.path.join(ROOT, "README.md")] + sorted(
        glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md"))) + sorted(
        glob.glob(os.path.join(ROOT, "skills", "**", "*.md"), recursive=True))
    stub_dir = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    skipped = 0
    counts = {kind: 0 for kind in KINDS}
    failures = []
    for number, article in enumerate(articles):
        relative = os.path.relpath(article, ROOT)
        modules = {kind: ([], []) for kind in KINDS}
        for line, code, skip, kind in snippets(article):
            if skip:
                skipped += 1
                continue
            counts[kind] += 1
            source_lines, origin = modules[kind]
            for offset, text in enumerate(code.split("\n")):
                source_lines.append(text)
                origin.append(line + offset)
        for kind, (source_lines, origin) in modules.items():
            header, suffix, flags = KINDS[kind]
            swiftui = kind == "swiftui"
            if not source_lines:
                continue
            if swiftui and not stub_dir:
                failures.append((relative, 0, f"{relative}:{origin[0]}:1: error: SwiftUI blocks need STUB_DIR"))
                continue
            source_lines[:0] = header.rstrip("\n").split("\n")
            origin[:0] = [None] * header.count("\n")
            name = f"Article{number}{suffix}"
            source = os.path.join(work, name, "main.swift")
            os.makedirs(os.path.dirname(source))
            open(source, "w", encoding="utf-8").write("\n".join(source_lines) + "\n")
            result = swiftc(build_dir, "-typecheck", "-I", work, "-module-name", name, *flags, source,
                            first_includes=(stub_dir,) if swiftui else (),
                            article_text=open(article, encoding="utf-8").read() if swiftui else "")
            if result.returncode != 0:
                def where(match, origin=origin):
                    index = int(match.group(1)) - 1
                    at = origin[index] if 0 <= index < len(origin) and origin[index] else "header"
                    return f"{relative}:{at}:"
                diagnostics = re.sub(r"\S*main\.swift:(\d+):", where, result.stdout + result.stderr)
                failures.append((relative, 0, diagnostics))
    for relative, line, diagnostics in failures:
        print(f"--- {relative}: snippets do not compile")
        print("\n".join(l for l in diagnostics.split("\n") if re.match(r"^\S+:\d+:\d+: (error|warning)", l)))
    print(f"doc snippets: {counts['plain']} checked, {counts['swiftui']} SwiftUI checked against the stub, "
          f"{counts['main-actor-default']} checked under default main-actor isolation, "
          f"{skipped} skipped (marked), {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
