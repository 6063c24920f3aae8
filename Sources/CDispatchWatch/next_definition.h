// The definition a function of the package's takes the place of, for the
// interposers in watch.c, carried_blocks.c and started_threads.c. Internal to the module.
#ifndef HYBRIDREPLAY_NEXT_DEFINITION_H
#define HYBRIDREPLAY_NEXT_DEFINITION_H

#include <dlfcn.h>
#include <stdatomic.h>

// Declares `name##_next`, the next definition of `name` as a `type`:
// ThreadSanitizer's `__interceptor_##name` when the executable has one (declared
// weak by the caller), else the one after the executable's (libdispatch's, the
// C library's); looked up once.
#define HR_NEXT(type, name)                                                                                   \
    static _Atomic(type) next_##name;                                                                         \
    type name##_next = atomic_load(&next_##name);                                                             \
    if (name##_next == NULL) {                                                                                \
        name##_next = __interceptor_##name != NULL ? (type)__interceptor_##name : (type)dlsym(RTLD_NEXT, #name); \
        atomic_store(&next_##name, name##_next);                                                              \
    }

#endif
