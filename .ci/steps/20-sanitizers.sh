#!/usr/bin/env bash
# Sanitizers and leak checks (issue #6). Fails on any report.
#
#   1. ThreadSanitizer: the whole test suite (the README's `swift test`), the reliability
#      tests scaled down as below.
#   2. AddressSanitizer + LeakSanitizer: the demo, then the whole test suite, scaled down
#      the same way (the unsanitized `swift test` step runs them at full scale).
#   3. valgrind memcheck on the release demo: 0 errors, 0 bytes definitely lost (.ci/valgrind.supp
#      names the Swift runtime's false positives it suppresses, each with its reason).
#
# Each sanitizer build has its own scratch path. LeakSanitizer comes with the
# toolchain's own clang runtime (libclang_rt.asan); only valgrind may need installing.
# Scale knobs (defaults keep this step well under 15 minutes on 2 cores):
#   SANITIZER_MODEL_SEEDS (model seeds per chunk, 8 chunks; the production-world run takes
#   twice as many), SANITIZER_SOAK_ROUNDS. Only the iteration counts shrink: every test runs.
# Scratch paths (defaults: .build-tsan, .build-asan, and .build for the release demo,
# which `.ci/run` has built already): TSAN_SCRATCH, ASAN_SCRATCH, RELEASE_SCRATCH.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
tsan_scratch="${TSAN_SCRATCH:-.build-tsan}"
asan_scratch="${ASAN_SCRATCH:-.build-asan}"
release_scratch="${RELEASE_SCRATCH:-.build}"
start=$SECONDS
logs=$(mktemp -d)
failures=0
section() { echo; echo "--- $* ($((SECONDS - start))s)"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# `grep -c` prints 0 but exits 1 when nothing matches.
count() { grep -c -E "$1" "$2" || true; }

if ! command -v valgrind >/dev/null 2>&1; then
    section "installing valgrind"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null
fi

# ---------------------------------------------------------------------------------------
section "ThreadSanitizer: swift test --sanitize=thread (whole suite)"
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 history_size=4"
set +e
SCOPED_MODEL_SEEDS="${SANITIZER_MODEL_SEEDS:-13}" SCOPED_SOAK_ROUNDS="${SANITIZER_SOAK_ROUNDS:-10}" \
    swift test --sanitize=thread --scratch-path "$tsan_scratch" >"$logs/tsan.log" 2>&1
tsan_status=$?
set -e
grep -E "^(model chunk|model, production|soak:)|Test run with|passed after|failed after" "$logs/tsan.log" | grep -v "^.*✔ Test " | tail -20 || true
tsan_reports=$(count "WARNING: ThreadSanitizer" "$logs/tsan.log")
tsan_tests=$(grep -o -E "Test run with [0-9]+ tests?" "$logs/tsan.log" | tail -1 | grep -o -E "[0-9]+" || echo 0)
echo "TSan: exit $tsan_status, $tsan_tests tests, $tsan_reports reports"
if [ "$tsan_status" -ne 0 ] || [ "$tsan_reports" -ne 0 ] || [ "$tsan_tests" -eq 0 ]; then
    grep -A30 "WARNING: ThreadSanitizer" "$logs/tsan.log" | head -150 || true
    grep -E "✘|↳" "$logs/tsan.log" | head -40 || true
    tail -40 "$logs/tsan.log"
    fail "ThreadSanitizer"
fi
unset TSAN_OPTIONS

# ---------------------------------------------------------------------------------------
export ASAN_OPTIONS="detect_leaks=1 halt_on_error=1 detect_stack_use_after_return=0"
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp print_suppressions=0"

section "AddressSanitizer + LeakSanitizer: ScopedDemo"
swift build --sanitize=address --scratch-path "$asan_scratch" --product ScopedDemo >"$logs/asan-demo-build.log" 2>&1 \
    || { tail -30 "$logs/asan-demo-build.log"; exit 1; }
set +e
"$(swift build --sanitize=address --scratch-path "$asan_scratch" --show-bin-path)/ScopedDemo" </dev/null >"$logs/asan-demo.log" 2>&1
demo_status=$?
set -e
demo_reports=$(count "ERROR: (AddressSanitizer|LeakSanitizer)" "$logs/asan-demo.log")
echo "ASan demo: exit $demo_status, $(wc -l <"$logs/asan-demo.log") lines of output, $demo_reports reports"
if [ "$demo_status" -ne 0 ] || [ "$demo_reports" -ne 0 ]; then
    grep -A40 "ERROR: " "$logs/asan-demo.log" | head -120 || tail -40 "$logs/asan-demo.log"
    fail "AddressSanitizer on the demo"
fi

section "AddressSanitizer + LeakSanitizer: swift test --sanitize=address (whole suite)"
set +e
SCOPED_MODEL_SEEDS="${SANITIZER_MODEL_SEEDS:-13}" SCOPED_SOAK_ROUNDS="${SANITIZER_SOAK_ROUNDS:-10}" \
    swift test --sanitize=address --scratch-path "$asan_scratch" >"$logs/asan-tests.log" 2>&1
tests_status=$?
set -e
asan_reports=$(count "ERROR: (AddressSanitizer|LeakSanitizer)" "$logs/asan-tests.log")
asan_tests=$(grep -o -E "Test run with [0-9]+ tests?" "$logs/asan-tests.log" | tail -1 | grep -o -E "[0-9]+" || echo 0)
xctests=$(grep -o -E "Executed [0-9]+ tests?" "$logs/asan-tests.log" | tail -1 | grep -o -E "[0-9]+" || echo 0)
echo "ASan test suite: exit $tests_status, $asan_tests Swift Testing tests + $xctests XCTest tests, $asan_reports reports"
if [ "$tests_status" -ne 0 ] || [ "$asan_reports" -ne 0 ] || [ "$asan_tests" -eq 0 ]; then
    grep -B2 -A40 "ERROR: " "$logs/asan-tests.log" | head -150 || true
    grep -E "✘|error:" "$logs/asan-tests.log" | head -40 || true
    fail "AddressSanitizer on the test suite"
fi
unset ASAN_OPTIONS LSAN_OPTIONS

# ---------------------------------------------------------------------------------------
section "valgrind memcheck: release ScopedDemo"
swift build -c release --scratch-path "$release_scratch" --product ScopedDemo >"$logs/release-build.log" 2>&1 \
    || { tail -30 "$logs/release-build.log"; exit 1; }
set +e
valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=97 --suppressions="$PWD/.ci/valgrind.supp" \
    "$(swift build -c release --scratch-path "$release_scratch" --show-bin-path)/ScopedDemo" </dev/null >"$logs/valgrind-demo.out" 2>"$logs/valgrind.log"
valgrind_status=$?
set -e
definitely=$(grep -o -E "definitely lost: [0-9,]+ bytes in [0-9,]+ blocks" "$logs/valgrind.log" || true)
[ -n "$definitely" ] || definitely=$(grep -q "All heap blocks were freed" "$logs/valgrind.log" && echo "definitely lost: 0 bytes (all heap blocks freed)" || echo "no leak summary")
grep -E "ERROR SUMMARY|in use at exit|(definitely|indirectly|possibly) lost:|still reachable:" "$logs/valgrind.log" || true
echo "valgrind: exit $valgrind_status, $definitely"
if [ "$valgrind_status" -ne 0 ] || ! echo "$definitely" | grep -q -E "definitely lost: 0 bytes"; then
    grep -B2 -A25 -E "definitely lost in|Invalid (read|write)" "$logs/valgrind.log" | head -120 || true
    fail "valgrind on the release demo"
fi

section "sanitizers: $failures failed"
rm -rf "$logs"
[ "$failures" -eq 0 ]
