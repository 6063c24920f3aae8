// Sees `DispatchQueue.global().async` on Linux: the executable's definition of
// `dispatch_async` takes the calls that Swift's Dispatch overlay makes through
// the dynamic linker, tells the replay, then calls libdispatch's own. Its
// `dispatch_after` and `dispatch_async_f` count the calling thread's handoffs
// for the recorder. Each passes the block on to ThreadSanitizer's own
// definition when the executable has one, so a `--sanitize=thread` build still
// sees every block handed over and the order of the main queue.
#include "CDispatchWatch.h"

#include <stdatomic.h>

// The enqueue hook's predecessor: written when the watch goes in, read by every
// thread inside the hook, possibly one that entered before the watch last went out.
static _Atomic(const void *) enqueue_hook_previous;

void hr_enqueue_hook_set_previous(const void *hook) { atomic_store(&enqueue_hook_previous, hook); }

const void *hr_enqueue_hook_previous(void) { return atomic_load(&enqueue_hook_previous); }

#if defined(__linux__)
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

// libdispatch's types, kept opaque: this file must not include <dispatch/dispatch.h>,
// whose prototype of dispatch_async takes a block type C without -fblocks cannot name.
struct dispatch_queue_s;
typedef void (*hr_real_dispatch_async)(struct dispatch_queue_s *, void *);
typedef void (*hr_real_dispatch_after)(unsigned long long, struct dispatch_queue_s *, void *);
typedef void (*hr_real_dispatch_async_f)(struct dispatch_queue_s *, void *, void (*)(void *));

extern struct dispatch_queue_s _dispatch_main_q;

// ThreadSanitizer's runtime, linked into the executable under `-sanitize=thread`,
// defines `dispatch_async` & co. to learn what happens before a block runs. The
// definitions below take their place, and the next definition `dlsym` finds is
// libdispatch's, so without these the sanitizer would see no block handed over and
// report main-actor jobs on different threads as racing. Absent, they are NULL.
extern void __interceptor_dispatch_async(struct dispatch_queue_s *, void *) __attribute__((weak));
extern void __interceptor_dispatch_after(unsigned long long, struct dispatch_queue_s *, void *) __attribute__((weak));
extern void __interceptor_dispatch_async_f(struct dispatch_queue_s *, void *, void (*)(void *)) __attribute__((weak));

static _Atomic(hr_real_dispatch_async) real_dispatch_async;
static _Atomic(hr_real_dispatch_after) real_dispatch_after;
static _Atomic(hr_real_dispatch_async_f) real_dispatch_async_f;
static _Atomic(hr_dispatch_watch_fn) installed_watch;
static atomic_int reached;
static atomic_ulong main_enqueues;
static _Thread_local int uncounted;
static _Thread_local unsigned long thread_handoffs;
static _Atomic(hr_job_watch_fn) installed_job_watch;
static _Atomic(hr_job_done_fn) installed_job_done;
// The watched job this thread is running, if any: what it hands over is watched too.
static _Thread_local const void *running_job;

void hr_dispatch_watch_install(hr_dispatch_watch_fn watch) { atomic_store(&installed_watch, watch); }

void hr_job_watch_install(hr_job_watch_fn watch, hr_job_done_fn done) {
    atomic_store(&installed_job_done, done);
    atomic_store(&installed_job_watch, watch);
}

// A watched job and the function that runs it, handed to libdispatch in their place.
struct hr_watched_job {
    void *context;
    void (*work)(void *);
    // Kept with the job: the watch may be taken out before it runs, and is still told.
    hr_job_done_fn done;
};

// Runs a watched job, then tells the watch that this run of it is over: it
// has finished, or it has handed itself on (seen as it happened) or waits.
static void hr_run_watched_job(void *wrapped) {
    struct hr_watched_job job = *(struct hr_watched_job *)wrapped;
    free(wrapped);
    const void *outer = running_job;
    running_job = job.context;
    job.work(job.context);
    running_job = outer;
    job.done(job.context);
}

int hr_dispatch_watch_sees_dispatch(void) { return atomic_load(&reached); }

unsigned long hr_dispatch_watch_main_enqueues(void) { return atomic_load(&main_enqueues); }

void hr_dispatch_watch_set_uncounted(int value) { uncounted = value; }

unsigned long hr_dispatch_watch_thread_handoffs(void) { return thread_handoffs; }

void hr_dispatch_watch_note_handoff(void) { thread_handoffs += 1; }

void dispatch_async(struct dispatch_queue_s *queue, void *block) {
    hr_real_dispatch_async real = atomic_load(&real_dispatch_async);
    if (real == NULL) {
        real = __interceptor_dispatch_async != NULL ? __interceptor_dispatch_async
                                                    : (hr_real_dispatch_async)dlsym(RTLD_NEXT, "dispatch_async");
        atomic_store(&real_dispatch_async, real);
    }
    atomic_store(&reached, 1);
    thread_handoffs += 1;
    hr_dispatch_watch_fn watch = atomic_load(&installed_watch);
    if (queue == &_dispatch_main_q) {
        // Counted before the block is handed over: a count read after this
        // call includes it, so a barrier enqueued after that read follows it.
        if (!uncounted) atomic_fetch_add(&main_enqueues, 1);
    } else if (watch != NULL) {
        watch();
    }
    real(queue, block);
}

// `DispatchQueue.asyncAfter`: counted as a handoff of the calling thread, then passed on.
void dispatch_after(unsigned long long when, struct dispatch_queue_s *queue, void *block) {
    hr_real_dispatch_after real = atomic_load(&real_dispatch_after);
    if (real == NULL) {
        real = __interceptor_dispatch_after != NULL ? __interceptor_dispatch_after
                                                    : (hr_real_dispatch_after)dlsym(RTLD_NEXT, "dispatch_after");
        atomic_store(&real_dispatch_after, real);
    }
    thread_handoffs += 1;
    real(when, queue, block);
}

// What the concurrency runtime calls to run a task on the main actor
// (`Task { @MainActor in … }`): counted as a handoff of the calling thread, then passed on.
void dispatch_async_f(struct dispatch_queue_s *queue, void *context, void (*work)(void *)) {
    hr_real_dispatch_async_f real = atomic_load(&real_dispatch_async_f);
    if (real == NULL) {
        real = __interceptor_dispatch_async_f != NULL ? __interceptor_dispatch_async_f
                                                      : (hr_real_dispatch_async_f)dlsym(RTLD_NEXT, "dispatch_async_f");
        atomic_store(&real_dispatch_async_f, real);
    }
    atomic_store(&reached, 1);
    thread_handoffs += 1;
    hr_job_watch_fn watch = atomic_load(&installed_job_watch);
    hr_job_done_fn done = atomic_load(&installed_job_done);
    if (watch != NULL && done != NULL && watch(context, running_job)) {
        struct hr_watched_job *wrapped = malloc(sizeof(struct hr_watched_job));
        if (wrapped != NULL) {
            wrapped->context = context;
            wrapped->work = work;
            wrapped->done = done;
            real(queue, wrapped, hr_run_watched_job);
            return;
        }
        // Out of memory: the job runs unwrapped, and the watch hears now that it ran.
        done(context);
    }
    real(queue, context, work);
}
#else
void hr_dispatch_watch_install(hr_dispatch_watch_fn watch) { (void)watch; }

void hr_job_watch_install(hr_job_watch_fn watch, hr_job_done_fn done) {
    (void)watch;
    (void)done;
}

int hr_dispatch_watch_sees_dispatch(void) { return 0; }

unsigned long hr_dispatch_watch_main_enqueues(void) { return 0; }

void hr_dispatch_watch_set_uncounted(int value) { (void)value; }

unsigned long hr_dispatch_watch_thread_handoffs(void) { return 0; }

void hr_dispatch_watch_note_handoff(void) {}
#endif
