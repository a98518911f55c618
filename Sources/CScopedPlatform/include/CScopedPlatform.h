// The C half of Scoped's platform layer, imported by Sources/Scoped/Internal/AtomicCell.swift
// and Sources/Scoped/Internal/Platform.swift only; not a product.
//
// 1. C11 atomics for the lock-free reads, in place of the Synchronization module (whose
//    `Atomic` needs macOS 15 / iOS 18 / tvOS 18 / watchOS 11 / visionOS 2).
// 2. Linux's thread id, which Swift cannot reach: glibc declares `gettid` only under
//    _GNU_SOURCE and `syscall` is variadic, so neither is imported into Swift.
// 3. A thread ordinal and the thread's resolution context in C11 thread-locals, which
//    Swift has no way to declare.
//
// For (1): Every function is `static inline`, so a release build inlines each into its
// Swift caller as a single instruction (or a short LL/SC loop), as `Atomic` was.
//
// Each cell is a struct holding one `_Atomic` value, placed at a fixed heap address by
// its Swift owner (Sources/Scoped/Internal/AtomicCell.swift): C11 atomics act on an
// address, and Swift gives stored properties none that is stable.
//
// Orderings are passed as `memory_order` values; callers pass constants, which the
// inliner folds, so no run-time switch remains in an optimised build.
#ifndef C_SCOPED_PLATFORM_H
#define C_SCOPED_PLATFORM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define SCOPED_ATOMIC_CELL(NAME, TYPE)                                                              \
    typedef struct {                                                                                \
        _Atomic(TYPE) value;                                                                        \
    } scoped_atomic_##NAME;                                                                         \
                                                                                                    \
    static inline void scoped_atomic_##NAME##_init(scoped_atomic_##NAME *cell, TYPE value) {        \
        atomic_init(&cell->value, value);                                                           \
    }                                                                                               \
    static inline TYPE scoped_atomic_##NAME##_load(scoped_atomic_##NAME *cell, memory_order order) { \
        return atomic_load_explicit(&cell->value, order);                                           \
    }                                                                                               \
    static inline void scoped_atomic_##NAME##_store(scoped_atomic_##NAME *cell, TYPE value,         \
                                                    memory_order order) {                           \
        atomic_store_explicit(&cell->value, value, order);                                          \
    }                                                                                               \
    static inline TYPE scoped_atomic_##NAME##_exchange(scoped_atomic_##NAME *cell, TYPE value,      \
                                                       memory_order order) {                        \
        return atomic_exchange_explicit(&cell->value, value, order);                                \
    }                                                                                               \
    /* On failure, `*expected` receives the current value. */                                      \
    static inline bool scoped_atomic_##NAME##_compare_exchange(                                     \
        scoped_atomic_##NAME *cell, TYPE *expected, TYPE desired, memory_order success,             \
        memory_order failure) {                                                                     \
        return atomic_compare_exchange_strong_explicit(&cell->value, expected, desired, success,    \
                                                       failure);                                    \
    }                                                                                               \
    /* Returns the value before the addition (wrapping). */                                         \
    static inline TYPE scoped_atomic_##NAME##_fetch_add(scoped_atomic_##NAME *cell, TYPE operand,   \
                                                        memory_order order) {                       \
        return atomic_fetch_add_explicit(&cell->value, operand, order);                             \
    }                                                                                               \
    /* Returns the value before the subtraction (wrapping). */                                      \
    static inline TYPE scoped_atomic_##NAME##_fetch_sub(scoped_atomic_##NAME *cell, TYPE operand,   \
                                                        memory_order order) {                       \
        return atomic_fetch_sub_explicit(&cell->value, operand, order);                             \
    }

SCOPED_ATOMIC_CELL(uintptr, uintptr_t)
SCOPED_ATOMIC_CELL(uint64, uint64_t)

#undef SCOPED_ATOMIC_CELL

/// Process-wide cells, zero-initialised statically (C11 7.17.2: a zero-initialised
/// atomic with static storage duration is valid), so reading one costs no lazy
/// initialisation check, unlike a Swift global with a run-time initialiser. Swift names
/// the indices (AtomicCell.swift: `ProcessWideWord`, `ProcessWideCounter`).
#define SCOPED_PROCESS_WORDS 8
#define SCOPED_PROCESS_COUNTERS 8
extern scoped_atomic_uintptr scoped_process_words[SCOPED_PROCESS_WORDS];
extern scoped_atomic_uint64 scoped_process_counters[SCOPED_PROCESS_COUNTERS];

static inline scoped_atomic_uintptr *scoped_process_word(int index) {
    return &scoped_process_words[index];
}

static inline scoped_atomic_uint64 *scoped_process_counter(int index) {
    return &scoped_process_counters[index];
}

/// The calling thread's ordinal: 0 for the first thread that asks, 1 for the next, and
/// so on. Kept in a C11 thread-local, which a release build reads with one or two
/// instructions on Linux (a pthread-specific value costs a call, and its key a lazy
/// initialisation check in Swift); the first read on a thread draws the number from a
/// process-wide counter. Picks a root manager's keeper (ContainerManager.swift).
extern _Thread_local uintptr_t scoped_thread_ordinal_plus_one;
uintptr_t scoped_assign_thread_ordinal(void);

static inline uintptr_t scoped_thread_ordinal(void) {
    uintptr_t value = scoped_thread_ordinal_plus_one;
    if (__builtin_expect(value == 0, 0)) value = scoped_assign_thread_ordinal();
    return value - 1;
}

/// The calling thread's object (Platform.swift, `ThreadLocalObject`: its resolution
/// context), unretained, or NULL before the thread's first resolve: a C11 thread-local in
/// front of the pthread-specific value that holds the thread's retain and gives it back at
/// the thread's exit. A read is one or two instructions; `pthread_getspecific` costs a
/// call, and its key a lazy initialisation check in Swift, on every resolve that builds.
extern _Thread_local void *scoped_thread_object;

static inline void *scoped_thread_object_get(void) {
    return scoped_thread_object;
}

static inline void scoped_thread_object_set(void *object) {
    scoped_thread_object = object;
}

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

/// Whether the calling thread is the process's initial thread: on Linux its kernel
/// thread id equals the process id (gettid(2)), whatever queue or executor runs on it.
static inline bool scoped_linux_is_initial_thread(void) {
    return (pid_t)syscall(SYS_gettid) == getpid();
}
#endif

#endif
