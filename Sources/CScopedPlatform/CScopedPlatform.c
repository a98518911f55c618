// The process-wide cells (statically zero-initialised); everything else lives in
// include/CScopedPlatform.h as `static inline` functions.
#include "CScopedPlatform.h"

scoped_atomic_uintptr scoped_process_words[SCOPED_PROCESS_WORDS];
scoped_atomic_uint64 scoped_process_counters[SCOPED_PROCESS_COUNTERS];
