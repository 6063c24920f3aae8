// Sees `Thread` start on Linux: the executable's definition of `pthread_create`
// takes the call Foundation makes through the dynamic linker, tells the
// installed watch when the thread is one of Foundation's (its start routine
// lives in Foundation's library), then starts it with the next definition
// (ThreadSanitizer's, when the executable has one, else the C library's).
// Threads libdispatch and the concurrency runtime start are not reported.
#include "CDispatchWatch.h"

#if defined(__linux__)
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "next_definition.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

typedef int (*hr_pthread_create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

extern int __interceptor_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *)
    __attribute__((weak));

static _Atomic(hr_dispatch_watch_fn) installed_thread_watch;

void hr_thread_watch_install(hr_dispatch_watch_fn watch) { atomic_store(&installed_thread_watch, watch); }

// Whether `start` is a function of Foundation's library: `Thread.start()`'s.
static int hr_is_foundation_thread(void *(*start)(void *)) {
    Dl_info info;
    if (dladdr((void *)start, &info) == 0 || info.dli_fname == NULL) return 0;
    const char *name = strrchr(info.dli_fname, '/');
    name = name != NULL ? name + 1 : info.dli_fname;
    return strncmp(name, "libFoundation.", strlen("libFoundation.")) == 0;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*start)(void *), void *argument) {
    HR_NEXT(hr_pthread_create_fn, pthread_create)
    hr_dispatch_watch_fn watch = atomic_load(&installed_thread_watch);
    if (watch != NULL && hr_is_foundation_thread(start)) {
        hr_dispatch_watch_note_handoff();
        watch();
    }
    return pthread_create_next(thread, attributes, start, argument);
}
#else
void hr_thread_watch_install(hr_dispatch_watch_fn watch) { (void)watch; }
#endif
