// Sees `DispatchQueue.global().async` on Linux: the executable's definition of
// `dispatch_async` takes the calls that Swift's Dispatch overlay makes through
// the dynamic linker, tells the replay, then calls libdispatch's own. Its
// `dispatch_after` and `dispatch_async_f` count the calling thread's handoffs
// for the recorder. Each passes the block on to ThreadSanitizer's own
// definition when the executable has one, so a `--sanitize=thread` build still
// sees every block handed over and the order of the main queue. While a turn
// of the replay's main-actor work runs, `dispatch_async_f` holds the jobs it
// hands to other queues until the turn is done (see `hr_job_hold_begin`).
#include "CDispatchWatch.h"
#include "carried_blocks.h"
#include "next_definition.h"

#include <stdatomic.h>

// The enqueue hook's predecessor: written when the watch goes in, read by every
// thread inside the hook, possibly one that entered before the watch last went out.
static _Atomic(const void *) enqueue_hook_previous;

void hr_enqueue_hook_set_previous(const void *hook) { atomic_store(&enqueue_hook_previous, hook); }

const void *hr_enqueue_hook_previous(void) { return atomic_load(&enqueue_hook_previous); }

// The same for the main-executor enqueue hook.
static _Atomic(const void *) main_enqueue_hook_previous;

void hr_main_enqueue_hook_set_previous(const void *hook) { atomic_store(&main_enqueue_hook_previous, hook); }

const void *hr_main_enqueue_hook_previous(void) { return atomic_load(&main_enqueue_hook_previous); }

#if defined(__linux__)
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// libdispatch's types, kept opaque: this file must not include <dispatch/dispatch.h>,
// whose prototype of dispatch_async takes a block type C without -fblocks cannot name.
struct dispatch_queue_s;
typedef void (*hr_real_dispatch_async)(struct dispatch_queue_s *, void *);
typedef void (*hr_real_dispatch_after)(unsigned long long, struct dispatch_queue_s *, void *);
typedef void (*hr_real_dispatch_async_f)(struct dispatch_queue_s *, void *, void (*)(void *));
typedef void (*hr_real_dispatch_after_f)(unsigned long long, struct dispatch_queue_s *, void *, void (*)(void *));

extern struct dispatch_queue_s _dispatch_main_q;

// libdispatch's functions the hold's timer uses, declared here for the same reason.
extern unsigned long long dispatch_time(unsigned long long when, long long delta);
extern struct dispatch_queue_s *dispatch_get_global_queue(long identifier, unsigned long flags);
extern void dispatch_after_f(unsigned long long when, struct dispatch_queue_s *queue, void *context, void (*work)(void *));

// libdispatch's flag for a global queue that starts a thread of its own rather
// than wait for one of the pool's (DISPATCH_QUEUE_OVERCOMMIT).
//
// A job the bound releases does not go back to the queue it was handed to. The
// concurrency runtime hands its jobs to a queue of its own, as wide as the
// machine's cores, that targets the global pool; every slot of it may be taken
// by a job blocked in `DispatchQueue.main.sync` while the turn on the main queue
// waits for the held job (seen: the whole test suite hung with the released job
// queued behind two such jobs). The overcommitting global queue runs it on a
// thread of its own; the job's own code does not care which thread of the
// global executor runs it, and its continuations go back to the runtime's queue.
static const unsigned long hr_queue_overcommit = 0x2ul;

// The overcommitting global queue at the default quality of service: where the
// bound's timer runs, and where the jobs it releases run.
static struct dispatch_queue_s *hr_overcommitting_queue(void) {
    return dispatch_get_global_queue(0, hr_queue_overcommit);
}

// ThreadSanitizer's runtime, linked into the executable under `-sanitize=thread`,
// defines `dispatch_async` & co. to learn what happens before a block runs. The
// definitions below take their place, and the next definition `dlsym` finds is
// libdispatch's, so without these the sanitizer would see no block handed over and
// report main-actor jobs on different threads as racing. Absent, they are NULL.
extern void __interceptor_dispatch_async(struct dispatch_queue_s *, void *) __attribute__((weak));
extern void __interceptor_dispatch_after(unsigned long long, struct dispatch_queue_s *, void *) __attribute__((weak));
extern void __interceptor_dispatch_async_f(struct dispatch_queue_s *, void *, void (*)(void *)) __attribute__((weak));
extern void __interceptor_dispatch_after_f(unsigned long long, struct dispatch_queue_s *, void *, void (*)(void *))
    __attribute__((weak));

static _Atomic(hr_dispatch_watch_fn) installed_watch;
static _Atomic(hr_after_watch_fn) installed_after_watch;
static atomic_int reached;
static atomic_ulong main_enqueues;
static _Thread_local int uncounted;
static _Thread_local unsigned long thread_handoffs;
static _Atomic(hr_job_watch_fn) installed_job_watch;
static _Atomic(hr_job_done_fn) installed_job_done;
static _Atomic(hr_job_watch_fn) installed_delayed_job_watch;
static _Atomic(hr_delayed_job_hold_fn) installed_delayed_job_hold;
static _Atomic(hr_delayed_block_hold_fn) installed_delayed_block_hold;
// The key of the watched job this thread is running (0 for none): what it hands over is watched too.
static _Thread_local unsigned long running_key;

void hr_dispatch_watch_install(hr_dispatch_watch_fn watch) { atomic_store(&installed_watch, watch); }

void hr_dispatch_after_watch_install(hr_after_watch_fn watch) { atomic_store(&installed_after_watch, watch); }

void hr_job_watch_install(hr_job_watch_fn watch, hr_job_done_fn done) {
    atomic_store(&installed_job_done, done);
    atomic_store(&installed_job_watch, watch);
}

void hr_delayed_job_watch_install(hr_job_watch_fn watch) { atomic_store(&installed_delayed_job_watch, watch); }

void hr_delayed_job_hold_install(hr_delayed_job_hold_fn hold) { atomic_store(&installed_delayed_job_hold, hold); }

void hr_delayed_block_hold_install(hr_delayed_block_hold_fn hold) { atomic_store(&installed_delayed_block_hold, hold); }

// A watched job and the function that runs it, handed to libdispatch in their place.
struct hr_watched_job {
    void *context;
    void (*work)(void *);
    // Kept with the job: the watch may be taken out before it runs, and is still told.
    hr_job_done_fn done;
    // What the watch watches it under, told back with it: once the job has run, its
    // address may already be another task's.
    unsigned long key;
    // Whether it runs on the main queue: a turn of the main actor, whose handoffs are held.
    int on_main;
};

// Runs a watched job, then tells the watch that this run of it is over: it
// has finished, or it has handed itself on (seen as it happened) or waits.
// A main-actor job of a replay's is a turn of the main actor: what it hands
// to other queues is held until it returns. A recorder's (its key has the top
// bit set) is only followed: the recording runs as the app would.
static void hr_run_watched_job(void *wrapped) {
    struct hr_watched_job job = *(struct hr_watched_job *)wrapped;
    free(wrapped);
    unsigned long outer = running_key;
    running_key = job.key;
    int holds = job.on_main && (job.key >> (sizeof(unsigned long) * 8 - 1)) == 0;
    if (holds) hr_job_hold_begin();
    job.work(job.context);
    if (holds) hr_job_hold_end();
    running_key = outer;
    job.done(job.context, job.key);
}

// libdispatch's (or ThreadSanitizer's) `dispatch_async_f`, looked up once.
static hr_real_dispatch_async_f hr_real_async_f(void) {
    HR_NEXT(hr_real_dispatch_async_f, dispatch_async_f)
    return dispatch_async_f_next;
}

// libdispatch's (or ThreadSanitizer's) `dispatch_after_f`, looked up once: the
// bound's own timer goes straight to it, past the package's definition below.
static hr_real_dispatch_after_f hr_real_after_f(void) {
    HR_NEXT(hr_real_dispatch_after_f, dispatch_after_f)
    return dispatch_after_f_next;
}

// ---- Holding the jobs a turn of the main actor hands on ----
//
// A job held is one the watch watches, so the replay counts it as work from
// the moment it is handed over: holding it makes the replay wait, never miss
// it. Jobs are held in one list, in the order they were handed over, each
// tagged with the turn (a generation) that holds it; the turn's end, or the
// bound, passes its jobs to libdispatch in that order.

// A job held for the rest of a turn.
struct hr_held_job {
    struct dispatch_queue_s *queue;
    struct hr_watched_job *wrapped;
    unsigned long generation;
    struct hr_held_job *next;
};

// What the bound's timer checks: one turn's held jobs and the thread running that turn.
struct hr_hold_check {
    unsigned long generation;
    long thread;
    unsigned long long started_ns;
    int blocked_checks;
};

// How often the timer looks at the turn's thread, how many looks in a row must
// find it blocked, and the longest a job is held while the turn keeps running.
static const unsigned long long hold_check_ns = 20ull * 1000 * 1000;
static const int hold_blocked_checks = 3;
static const unsigned long long hold_most_ns = 1000ull * 1000 * 1000;

static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hr_held_job *held_first;
static struct hr_held_job **held_end = &held_first;
static atomic_ulong hold_generations;
static _Atomic(hr_job_overdue_fn) installed_overdue;
// How deep the calling thread is in turns that hold, and the generation of
// the outermost one once it has held a job (0 before).
static _Thread_local int hold_depth;
static _Thread_local unsigned long hold_generation;
static _Thread_local unsigned long held_here;

unsigned long long hr_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec;
}

// Whether thread `thread` of this process is running or waiting to run
// ('R' in /proc), rather than blocked; an unreadable state counts as running.
int hr_thread_runs(long thread) {
    char path[64];
    char text[512];
    snprintf(path, sizeof(path), "/proc/self/task/%ld/stat", thread);
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return 1;
    ssize_t read_length = read(file, text, sizeof(text) - 1);
    close(file);
    if (read_length <= 0) return 1;
    text[read_length] = '\0';
    // "pid (comm) S ...": the state follows the last ')', as comm may hold one.
    const char *close_paren = NULL;
    for (ssize_t index = 0; index < read_length; index++) {
        if (text[index] == ')') close_paren = text + index;
    }
    if (close_paren == NULL || close_paren[1] != ' ') return 1;
    return close_paren[2] == 'R';
}

// Passes the jobs held by `generation` to libdispatch, in the order they were
// handed over; `overdue` tells the watch of each when the bound released it.
static void hr_release_held(unsigned long generation, hr_job_overdue_fn overdue) {
    struct hr_held_job *released = NULL;
    struct hr_held_job **released_end = &released;
    pthread_mutex_lock(&held_lock);
    struct hr_held_job **link = &held_first;
    while (*link != NULL) {
        struct hr_held_job *held = *link;
        if (held->generation == generation) {
            *link = held->next;
            held->next = NULL;
            *released_end = held;
            released_end = &held->next;
        } else {
            link = &held->next;
        }
    }
    held_end = link;
    pthread_mutex_unlock(&held_lock);
    hr_real_dispatch_async_f real = hr_real_async_f();
    while (released != NULL) {
        struct hr_held_job *held = released;
        released = held->next;
        // Released by the bound, the turn is still on the main queue, perhaps blocked on
        // this job: it runs on a thread of its own, not behind a pool that may all be waiting.
        struct dispatch_queue_s *queue = held->queue;
        if (overdue != NULL) {
            overdue(held->wrapped->context, held->wrapped->key);
            queue = hr_overcommitting_queue();
        }
        real(queue, held->wrapped, hr_run_watched_job);
        free(held);
    }
}

static int hr_holds(unsigned long generation) {
    pthread_mutex_lock(&held_lock);
    int holds = 0;
    for (struct hr_held_job *held = held_first; held != NULL && !holds; held = held->next) {
        holds = held->generation == generation;
    }
    pthread_mutex_unlock(&held_lock);
    return holds;
}

// The bound: while a turn's jobs are held, looks at its thread every
// `hold_check_ns`, and releases them once it has found the thread blocked
// (waiting on a held job, most likely) that many times in a row, or once they
// have been held `hold_most_ns` with the thread still running.
static void hr_check_hold(void *context) {
    struct hr_hold_check *check = context;
    if (!hr_holds(check->generation)) {
        free(check);
        return;
    }
    check->blocked_checks = hr_thread_runs(check->thread) ? 0 : check->blocked_checks + 1;
    if (check->blocked_checks >= hold_blocked_checks || hr_now_ns() - check->started_ns >= hold_most_ns) {
        hr_release_held(check->generation, atomic_load(&installed_overdue));
        free(check);
        return;
    }
    hr_real_after_f()(dispatch_time(0, (long long)hold_check_ns), hr_overcommitting_queue(), check, hr_check_hold);
}

// Holds `wrapped`, handed to `queue` during a turn; returns 0 when it cannot.
static int hr_hold(struct dispatch_queue_s *queue, struct hr_watched_job *wrapped) {
    struct hr_held_job *held = malloc(sizeof(struct hr_held_job));
    if (held == NULL) return 0;
    struct hr_hold_check *check = NULL;
    if (hold_generation == 0) {
        check = malloc(sizeof(struct hr_hold_check));
        if (check == NULL) {
            free(held);
            return 0;
        }
        hold_generation = atomic_fetch_add(&hold_generations, 1) + 1;
        check->generation = hold_generation;
        check->thread = (long)syscall(SYS_gettid);
        check->started_ns = hr_now_ns();
        check->blocked_checks = 0;
    }
    held->queue = queue;
    held->wrapped = wrapped;
    held->generation = hold_generation;
    held->next = NULL;
    pthread_mutex_lock(&held_lock);
    *held_end = held;
    held_end = &held->next;
    pthread_mutex_unlock(&held_lock);
    held_here += 1;
    if (check != NULL) {
        hr_real_after_f()(dispatch_time(0, (long long)hold_check_ns), hr_overcommitting_queue(), check, hr_check_hold);
    }
    return 1;
}

void hr_job_hold_install(hr_job_overdue_fn overdue) { atomic_store(&installed_overdue, overdue); }

void hr_job_hold_begin(void) { hold_depth += 1; }

void hr_job_hold_end(void) {
    if (hold_depth <= 0) return;
    hold_depth -= 1;
    if (hold_depth > 0) return;
    held_here = 0;
    if (hold_generation == 0) return;
    unsigned long generation = hold_generation;
    hold_generation = 0;
    hr_release_held(generation, NULL);
}

unsigned long hr_job_hold_held_here(void) { return held_here; }

int hr_dispatch_watch_sees_dispatch(void) { return atomic_load(&reached); }

unsigned long hr_dispatch_watch_main_enqueues(void) { return atomic_load(&main_enqueues); }

void hr_count_main_enqueue(void) {
    if (!uncounted) atomic_fetch_add(&main_enqueues, 1);
}

void hr_dispatch_watch_set_uncounted(int value) { uncounted = value; }

unsigned long hr_dispatch_watch_thread_handoffs(void) { return thread_handoffs; }

void hr_dispatch_watch_note_handoff(void) { thread_handoffs += 1; }

void dispatch_async(struct dispatch_queue_s *queue, void *block) {
    HR_NEXT(hr_real_dispatch_async, dispatch_async)
    atomic_store(&reached, 1);
    thread_handoffs += 1;
    hr_dispatch_watch_fn watch = atomic_load(&installed_watch);
    int on_main = queue == &_dispatch_main_q;
    // Counted before the block is handed over: a count read after this
    // call includes it, so a barrier enqueued after that read follows it.
    if (on_main && !uncounted) atomic_fetch_add(&main_enqueues, 1);
    // The engine's own main-queue blocks are handed over uncounted, and never carried.
    if (!uncounted && hr_carry_block(queue, block, on_main, hr_real_async_f())) return;
    if (!on_main && watch != NULL) watch();
    dispatch_async_next(queue, block);
}

// ---- Holding the blocks the replay's work delays in real time ----
//
// A block handed to `dispatch_after` by the replay's work runs in real time,
// which the replay, on the cassette's clock, does not wait for: whether it had
// run when the replay judged was the machine's doing (an outside app's correct
// `asyncAfter` coalescing failed every run alone, and passed 11 of 40 runs of
// the whole test binary, whose busier main queue slowed the replay down). The
// replay's key held, the block waits in this list, copied, with its queue
// retained, until that replay has ended; then it goes to libdispatch with the
// deadline it was given, so it never runs before the replay has judged.

// libdispatch's reference counting, declared opaque as above.
extern void dispatch_retain(void *object);
extern void dispatch_release(void *object);

// A block held until the replay keyed `key` has ended.
struct hr_delayed_block {
    unsigned long key;
    unsigned long long when;
    struct dispatch_queue_s *queue;
    void *block;
    struct hr_delayed_block *next;
};

static pthread_mutex_t delayed_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hr_delayed_block *delayed_first;
static struct hr_delayed_block **delayed_end = &delayed_first;


static hr_real_dispatch_after hr_real_after(void) {
    HR_NEXT(hr_real_dispatch_after, dispatch_after)
    return dispatch_after_next;
}

// Holds `block` for the replay keyed `key`; returns 0 when it cannot (the caller passes it on).
static int hr_hold_delayed(unsigned long key, unsigned long long when, struct dispatch_queue_s *queue, void *block) {
    hr_block_copy_fn copy;
    hr_block_release_fn release;
    if (!hr_block_functions(&copy, &release)) return 0;
    struct hr_delayed_block *held = malloc(sizeof(struct hr_delayed_block));
    if (held == NULL) return 0;
    held->key = key;
    held->when = when;
    held->queue = queue;
    held->block = copy(block);
    held->next = NULL;
    dispatch_retain(queue);
    pthread_mutex_lock(&delayed_lock);
    *delayed_end = held;
    delayed_end = &held->next;
    pthread_mutex_unlock(&delayed_lock);
    return 1;
}

void hr_delayed_blocks_release(unsigned long key) {
    struct hr_delayed_block *released = NULL;
    struct hr_delayed_block **released_end = &released;
    pthread_mutex_lock(&delayed_lock);
    struct hr_delayed_block **link = &delayed_first;
    while (*link != NULL) {
        struct hr_delayed_block *held = *link;
        if (key == 0 || held->key == key) {
            *link = held->next;
            held->next = NULL;
            *released_end = held;
            released_end = &held->next;
        } else {
            link = &held->next;
        }
    }
    delayed_end = link;
    pthread_mutex_unlock(&delayed_lock);
    if (released == NULL) return;
    hr_block_copy_fn copy;
    hr_block_release_fn release;
    if (!hr_block_functions(&copy, &release)) release = NULL;
    hr_real_dispatch_after real = hr_real_after();
    while (released != NULL) {
        struct hr_delayed_block *held = released;
        released = held->next;
        real(held->when, held->queue, held->block);
        if (release != NULL) release(held->block);
        dispatch_release(held->queue);
        free(held);
    }
}

// ---- Holding the blocks the replay's work delays, on the replay's clock ----
//
// A block handed to `dispatch_after` by the replay's work, with a deadline on a
// clock the replay can read, waits here, copied, its queue retained, until the
// replay's clock reaches that deadline (`hr_delayed_block_wake`, which hands it
// to the package's `dispatch_async` with the replay's context bound) or the
// replay is over (`hr_delayed_block_release`).

static long long hr_delay_until(unsigned long long when);

struct hr_clock_block {
    unsigned long long when;
    struct dispatch_queue_s *queue;
    void *block;
    struct hr_clock_block *next;
};

static pthread_mutex_t clock_blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hr_clock_block *clock_blocks;

// Takes the held block `handle` out of the list (NULL: the first), or returns NULL.
static struct hr_clock_block *hr_take_clock_block(const void *handle) {
    pthread_mutex_lock(&clock_blocks_lock);
    struct hr_clock_block **link = &clock_blocks;
    while (*link != NULL && handle != NULL && (const void *)*link != handle) link = &(*link)->next;
    struct hr_clock_block *held = *link;
    if (held != NULL) *link = held->next;
    pthread_mutex_unlock(&clock_blocks_lock);
    return held;
}

// Lets go of a held block's copy and queue.
static void hr_free_clock_block(struct hr_clock_block *held) {
    hr_block_copy_fn copy;
    hr_block_release_fn release;
    if (!hr_block_functions(&copy, &release)) release = NULL;
    if (release != NULL) release(held->block);
    dispatch_release(held->queue);
    free(held);
}

// Asks `hold` about `block`; returns 1 when it was held or handed on here, 0 to pass it on.
static int hr_hold_block_on_clock(
    hr_delayed_block_hold_fn hold, unsigned long long when, struct dispatch_queue_s *queue, void *block, long long delay) {
    hr_block_copy_fn copy;
    hr_block_release_fn release;
    if (!hr_block_functions(&copy, &release)) return 0;
    struct hr_clock_block *held = malloc(sizeof(struct hr_clock_block));
    if (held == NULL) return 0;
    held->when = when;
    held->queue = queue;
    held->block = copy(block);
    dispatch_retain(queue);
    // In the list before the replay hears of it: a wake may come at once, from another thread.
    pthread_mutex_lock(&clock_blocks_lock);
    held->next = clock_blocks;
    clock_blocks = held;
    pthread_mutex_unlock(&clock_blocks_lock);
    int answer = hold(held, (unsigned long long)delay);
    if (answer == 1) return 1;
    hr_take_clock_block(held);
    if (answer == 2) dispatch_async(queue, block);
    hr_free_clock_block(held);
    return answer == 2;
}

int hr_delayed_block_wake(const void *handle) {
    struct hr_clock_block *held = hr_take_clock_block(handle);
    if (held == NULL) return 0;
    dispatch_async(held->queue, held->block);
    hr_free_clock_block(held);
    return 1;
}

void hr_delayed_block_release(const void *handle) {
    struct hr_clock_block *held;
    while ((held = hr_take_clock_block(handle)) != NULL) {
        hr_real_after()(held->when, held->queue, held->block);
        hr_free_clock_block(held);
        if (handle != NULL) return;
    }
}

// `DispatchQueue.asyncAfter`: counted as a handoff of the calling thread; held
// on the replay's clock when the replay's work handed it over (see above), or
// else until the replay has ended (a deadline on the wall clock), else passed on.
void dispatch_after(unsigned long long when, struct dispatch_queue_s *queue, void *block) {
    hr_real_dispatch_after real = hr_real_after();
    thread_handoffs += 1;
    hr_after_watch_fn watch = atomic_load(&installed_after_watch);
    if (watch != NULL && !uncounted && block != NULL) {
        hr_delayed_block_hold_fn hold = atomic_load(&installed_delayed_block_hold);
        long long delay = hr_delay_until(when);
        if (hold != NULL && delay >= 0 && hr_hold_block_on_clock(hold, when, queue, block, delay)) return;
        unsigned long key = watch();
        if (key != 0 && hr_hold_delayed(key, when, queue, block)) return;
        // A recording's: carried with its cause, in real time.
        if (hr_carry_block_after(when, queue, block, hr_real_after_f())) return;
    }
    real(when, queue, block);
}

// What the concurrency runtime calls to run a task on the main actor
// (`Task { @MainActor in … }`): counted as a handoff of the calling thread, then passed on.
// A watched job, `key` its watch's answer, wrapped to run through `hr_run_watched_job`;
// NULL when out of memory: the job then runs unwrapped, and the watch hears now that it ran.
static struct hr_watched_job *hr_watched(
    struct dispatch_queue_s *queue, void *context, void (*work)(void *), hr_job_done_fn done, unsigned long key) {
    struct hr_watched_job *wrapped = malloc(sizeof(struct hr_watched_job));
    if (wrapped == NULL) {
        done(context, key);
        return NULL;
    }
    wrapped->context = context;
    wrapped->work = work;
    wrapped->done = done;
    wrapped->key = key;
    wrapped->on_main = queue == &_dispatch_main_q;
    return wrapped;
}

void dispatch_async_f(struct dispatch_queue_s *queue, void *context, void (*work)(void *)) {
    hr_real_dispatch_async_f real = hr_real_async_f();
    atomic_store(&reached, 1);
    thread_handoffs += 1;
    hr_job_watch_fn watch = atomic_load(&installed_job_watch);
    hr_job_done_fn done = atomic_load(&installed_job_done);
    unsigned long key = watch != NULL && done != NULL ? watch(context, running_key) : 0;
    struct hr_watched_job *wrapped = key != 0 ? hr_watched(queue, context, work, done, key) : NULL;
    if (wrapped != NULL) {
        // Handed on during a turn of the main actor: it runs once the turn is done.
        if (hold_depth > 0 && !wrapped->on_main && hr_hold(queue, wrapped)) return;
        real(queue, wrapped, hr_run_watched_job);
        return;
    }
    real(queue, context, work);
}

// ---- Holding the jobs of tasks asleep in real time ----
//
// A `Task.sleep` on any clock but the replay's hands the job that wakes the
// task to `dispatch_after_f` with its deadline. Held, the job waits here until
// the replay's clock reaches the deadline (`hr_delayed_job_wake`) or the replay
// is over (`hr_delayed_job_release`): a timeout in real time racing an answer
// then loses or wins as it did when recorded, however slow the machine.

struct hr_sleeping_job {
    unsigned long long when;
    struct dispatch_queue_s *queue;
    void *context;
    void (*work)(void *);
    struct hr_sleeping_job *next;
};

static pthread_mutex_t held_jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hr_sleeping_job *held_jobs;

// How far ahead of now `when` is, in nanoseconds: -1 for a deadline on the wall
// clock or none, which are not held. libdispatch on Linux marks a deadline on the
// clock that goes on while the machine sleeps (Swift's `ContinuousClock`) with
// bit 63 alone, and one on the wall clock with bits 63 and 62; one on the clock
// that stops (`SuspendingClock`, `dispatch_time`) has neither.
static long long hr_delay_until(unsigned long long when) {
    unsigned long long marks = when & (3ull << 62);
    if (when == ~0ull || (marks != 0 && marks != (1ull << 63))) return -1;
    unsigned long long deadline = when & ~(3ull << 62);
    unsigned long long now;
    if (marks != 0) {
        struct timespec time;
        if (clock_gettime(CLOCK_BOOTTIME, &time) != 0) return -1;
        now = (unsigned long long)time.tv_sec * 1000000000ull + (unsigned long long)time.tv_nsec;
    } else {
        now = dispatch_time(0, 0);
    }
    return deadline > now ? (long long)(deadline - now) : 0;
}

// Holds the job when `hold` says to; returns 0 when it does not (the caller passes it on).
static int hr_hold_job(
    hr_delayed_job_hold_fn hold, unsigned long long when, struct dispatch_queue_s *queue, void *context,
    void (*work)(void *)) {
    long long delay = hr_delay_until(when);
    if (delay <= 0) return 0;
    struct hr_sleeping_job *held = malloc(sizeof(struct hr_sleeping_job));
    if (held == NULL) return 0;
    held->when = when;
    held->queue = queue;
    held->context = context;
    held->work = work;
    // In the list before the replay hears of it: a wake may come at once, from another thread.
    pthread_mutex_lock(&held_jobs_lock);
    held->next = held_jobs;
    held_jobs = held;
    pthread_mutex_unlock(&held_jobs_lock);
    if (hold(context, (unsigned long long)delay)) return 1;
    pthread_mutex_lock(&held_jobs_lock);
    struct hr_sleeping_job **link = &held_jobs;
    while (*link != NULL && *link != held) link = &(*link)->next;
    if (*link == held) *link = held->next;
    pthread_mutex_unlock(&held_jobs_lock);
    free(held);
    return 0;
}

// Takes the held `job` out of the list (NULL: the first), or returns NULL.
static struct hr_sleeping_job *hr_take_held(const void *job) {
    pthread_mutex_lock(&held_jobs_lock);
    struct hr_sleeping_job **link = &held_jobs;
    while (*link != NULL && job != NULL && (*link)->context != job) link = &(*link)->next;
    struct hr_sleeping_job *held = *link;
    if (held != NULL) *link = held->next;
    pthread_mutex_unlock(&held_jobs_lock);
    return held;
}

int hr_delayed_job_wake(const void *job, unsigned long key) {
    struct hr_sleeping_job *held = hr_take_held(job);
    if (held == NULL) return 0;
    hr_job_done_fn done = atomic_load(&installed_job_done);
    struct hr_watched_job *wrapped =
        key != 0 && done != NULL ? hr_watched(held->queue, held->context, held->work, done, key) : NULL;
    if (wrapped != NULL) {
        hr_real_async_f()(held->queue, wrapped, hr_run_watched_job);
    } else {
        hr_real_async_f()(held->queue, held->context, held->work);
    }
    free(held);
    return 1;
}

void hr_delayed_job_release(const void *job) {
    struct hr_sleeping_job *held;
    while ((held = hr_take_held(job)) != NULL) {
        hr_real_after_f()(held->when, held->queue, held->context, held->work);
        free(held);
        if (job != NULL) return;
    }
}

// A job the concurrency runtime hands over with a deadline in real time: a
// `Task.sleep`, on every clock, reaches libdispatch here on Linux, and none of
// the runtime's enqueue hooks. The replay's work's is held (above) where the
// replay says so; otherwise the sleeping task's job is watched until it has
// run when `delayed watch` says so: work on its way, so a replay never takes a
// task asleep in real time for one parked until the replay wakes it.
void dispatch_after_f(unsigned long long when, struct dispatch_queue_s *queue, void *context, void (*work)(void *)) {
    hr_real_dispatch_after_f real = hr_real_after_f();
    hr_delayed_job_hold_fn hold = atomic_load(&installed_delayed_job_hold);
    if (hold != NULL && !uncounted && context != NULL && hr_hold_job(hold, when, queue, context, work)) return;
    // Not a handoff the recorder counts: the task goes on in its own time, as it would have.
    hr_job_watch_fn watch = atomic_load(&installed_delayed_job_watch);
    hr_job_done_fn done = atomic_load(&installed_job_done);
    unsigned long key = watch != NULL && done != NULL && !uncounted ? watch(context, running_key) : 0;
    struct hr_watched_job *wrapped = key != 0 ? hr_watched(queue, context, work, done, key) : NULL;
    if (wrapped != NULL) {
        real(when, queue, wrapped, hr_run_watched_job);
        return;
    }
    real(when, queue, context, work);
}
#else
void hr_dispatch_watch_install(hr_dispatch_watch_fn watch) { (void)watch; }

void hr_dispatch_after_watch_install(hr_after_watch_fn watch) { (void)watch; }

void hr_delayed_blocks_release(unsigned long key) { (void)key; }

void hr_job_hold_install(hr_job_overdue_fn overdue) { (void)overdue; }

void hr_job_hold_begin(void) {}

void hr_job_hold_end(void) {}

unsigned long hr_job_hold_held_here(void) { return 0; }

void hr_job_watch_install(hr_job_watch_fn watch, hr_job_done_fn done) {
    (void)watch;
    (void)done;
}

void hr_delayed_job_watch_install(hr_job_watch_fn watch) { (void)watch; }

void hr_delayed_job_hold_install(hr_delayed_job_hold_fn hold) { (void)hold; }

int hr_delayed_job_wake(const void *job, unsigned long key) {
    (void)job;
    (void)key;
    return 0;
}

void hr_delayed_job_release(const void *job) { (void)job; }

void hr_delayed_block_hold_install(hr_delayed_block_hold_fn hold) { (void)hold; }

int hr_delayed_block_wake(const void *handle) {
    (void)handle;
    return 0;
}

void hr_delayed_block_release(const void *handle) { (void)handle; }

int hr_dispatch_watch_sees_dispatch(void) { return 0; }

unsigned long hr_dispatch_watch_main_enqueues(void) { return 0; }

void hr_dispatch_watch_set_uncounted(int value) { (void)value; }

unsigned long hr_dispatch_watch_thread_handoffs(void) { return 0; }

void hr_dispatch_watch_note_handoff(void) {}
#endif
