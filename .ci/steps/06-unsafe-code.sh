#!/usr/bin/env bash
# Unsafe code stays where Sources/Scoped/Internal/README.md lists it (issue #40): fails
# when a library file uses one of the constructs the compiler does not check and is not
# in the README's table, or a file in the table no longer uses any (the table is stale).
set -euo pipefail
cd "$(dirname "$0")/../.."
readme="Sources/Scoped/Internal/README.md"
pattern='Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe|unsafeBitCast|unsafeDowncast|assumingMemoryBound|Unmanaged|unowned\(unsafe\)|nonisolated\(unsafe\)|@unchecked Sendable|@exclusivity\(unchecked\)|UnsafeContinuation'
listed=$(sed -n '/<!-- unsafe-files: begin -->/,/<!-- unsafe-files: end -->/p' "$readme" \
    | grep -oE '^\| `[^`]+\.swift`' | sed -E 's/^\| `//; s/`$//' | sort -u)
# Code only: `//` comments and `///` doc lines may name the constructs.
used=$(grep -rlE "$pattern" Sources/Scoped Sources/ScopedTesting Sources/ScopedSwiftUI --include=*.swift \
    | while read -r file; do
        if sed -E 's://.*$::' "$file" | grep -E "$pattern" >/dev/null; then echo "$file"; fi
    done | sort -u)
failures=0
if extra=$(comm -13 <(echo "$listed") <(echo "$used") | grep .); then
    echo "FAIL: unsafe code outside the files $readme lists (add the file, what is unsafe and why it is sound):"
    echo "$extra"
    failures=1
fi
if stale=$(comm -23 <(echo "$listed") <(echo "$used") | grep .); then
    echo "FAIL: $readme lists files with no unsafe code left:"
    echo "$stale"
    failures=1
fi
[ "$failures" -eq 0 ] || exit 1
echo "unsafe code: $(echo "$used" | grep -c .) files, each listed in $readme"
