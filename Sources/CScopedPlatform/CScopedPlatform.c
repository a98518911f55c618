// The process-wide cells (statically zero-initialised) and the thread ordinal's slow
// path; everything else lives in include/CScopedPlatform.h as `static inline` functions.
#include "CScopedPlatform.h"

scoped_atomic_uintptr scoped_process_words[SCOPED_PROCESS_WORDS];
scoped_atomic_uint64 scoped_process_counters[SCOPED_PROCESS_COUNTERS];

_Thread_local uintptr_t scoped_thread_ordinal_plus_one;
_Thread_local void *scoped_thread_object;

/// Ordinals drawn so far (relaxed: a number, not a synchronisation point).
static scoped_atomic_uintptr scoped_thread_ordinals_drawn;

uintptr_t scoped_assign_thread_ordinal(void) {
    uintptr_t value = scoped_atomic_uintptr_fetch_add(&scoped_thread_ordinals_drawn, 1, memory_order_relaxed) + 1;
    scoped_thread_ordinal_plus_one = value;
    return value;
}
