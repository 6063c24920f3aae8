// Carries the calling code's context into the blocks it hands to Dispatch
// (Linux, under the runtime watch): the replay's work and the recorder's
// cause go with a block to the queue, and are bound while it runs.
//
// A block goes over with `dispatch_async_f` in a wrapper of ours, which is
// the same to libdispatch as the block itself, except for a block made by
// `dispatch_block_create` (a `DispatchWorkItem`, or `queue.async(flags:)`):
// its flags ask libdispatch for something (a barrier) that `dispatch_async`
// reads from the block, so a barrier block goes over as it is. A work item
// is often handed over later, and by other code, than the code that made it:
// `OperationQueue` makes one per operation in `addOperation`, and hands it to
// its queue when a slot is free, from whichever thread finished the
// operation before. So the context is also asked for when a work item is
// made, and that one is carried when the item is handed over.
#include "CDispatchWatch.h"
#include "carried_blocks.h"

#if defined(__linux__)
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "next_definition.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static _Atomic(hr_block_capture_fn) installed_capture;
static _Atomic(hr_block_note_fn) installed_note;
static _Atomic(hr_block_run_fn) installed_run;

// The part of a block's layout every block shares (the Blocks ABI): calling
// `invoke` with the block runs it.
struct hr_block_layout {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *);
    void *descriptor;
};

// What libdispatch keeps right after the layout of a block `dispatch_block_create`
// made (libdispatch's `dispatch_block_private_data_s`: its first two fields), and
// the value of the first, which libdispatch itself checks.
struct hr_work_item_head {
    unsigned long magic;
    unsigned long flags;
};
static const unsigned long hr_work_item_magic = 0xD159B10Cul;
// DISPATCH_BLOCK_BARRIER, from <dispatch/block.h>.
static const unsigned long hr_block_barrier = 0x1ul;

typedef void *(*hr_block_create_fn)(unsigned long, void *);
typedef void *(*hr_block_create_qos_fn)(unsigned long, unsigned int, int, void *);

// What a block handed to the main queue by a carried block running elsewhere
// shares with the thread that handed it over, which waits until it has run
// (see `hr_main_hop_wait_install`). Freed by whichever of the two lets go last.
struct hr_hop_wait {
    pthread_mutex_t lock;
    pthread_cond_t ran;
    // 0 not started, 1 running (on `thread`), 2 done.
    int state;
    long thread;
    int holders;
};

// A copied block and the context it runs in.
struct hr_carried_block {
    void *context;
    void *block;
    hr_block_run_fn run;
    hr_block_release_fn release;
    // Whether it runs on a queue other than the main queue.
    int off_main;
    // Set when the thread that handed it over waits until it has run.
    struct hr_hop_wait *wait;
    // The group a block handed over with a group belongs to: libdispatch leaves it once the block returns.
    void *leaves_group;
    // The group whose notification this block is, while it waits for the group to empty.
    void *notifies_for;
};

static void hr_invoke_block(void *block) { ((struct hr_block_layout *)block)->invoke(block); }

static void hr_invoke_nothing(void *block) { (void)block; }

// How deep the calling thread is in carried blocks running off the main queue.
static _Thread_local int carried_off_main;
static _Atomic(hr_hop_watch_fn) installed_hop_watch;
static atomic_ulong hop_waits_cut_short;

static void hr_hop_wait_let_go(struct hr_hop_wait *wait) {
    pthread_mutex_lock(&wait->lock);
    int left = --wait->holders;
    pthread_mutex_unlock(&wait->lock);
    if (left > 0) return;
    pthread_cond_destroy(&wait->ran);
    pthread_mutex_destroy(&wait->lock);
    free(wait);
}

static void hr_hop_wait_mark(struct hr_hop_wait *wait, int state) {
    pthread_mutex_lock(&wait->lock);
    wait->state = state;
    if (state == 1) wait->thread = (long)syscall(SYS_gettid);
    pthread_cond_broadcast(&wait->ran);
    pthread_mutex_unlock(&wait->lock);
}

// The groups with a carried main-queue notification that has not run: a
// leave of one of them may hand that notification to the main queue.
struct hr_notifying_group {
    void *group;
    int waiting;
    struct hr_notifying_group *next;
};
static pthread_mutex_t notifying_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hr_notifying_group *notifying_first;
static atomic_int notifying_count;

// The link to `group`'s entry, or to the NULL that ends the list; called with `notifying_lock` held.
static struct hr_notifying_group **hr_notifying_link(void *group) {
    struct hr_notifying_group **link = &notifying_first;
    while (*link != NULL && (*link)->group != group) link = &(*link)->next;
    return link;
}

// Notes that a carried notification of `group` waits for it on the main queue; 0 when out of memory.
static int hr_main_notification_waits(void *group) {
    pthread_mutex_lock(&notifying_lock);
    struct hr_notifying_group **link = hr_notifying_link(group);
    if (*link == NULL) {
        struct hr_notifying_group *entry = malloc(sizeof(struct hr_notifying_group));
        if (entry == NULL) {
            pthread_mutex_unlock(&notifying_lock);
            return 0;
        }
        entry->group = group;
        entry->waiting = 0;
        entry->next = NULL;
        *link = entry;
    }
    (*link)->waiting += 1;
    atomic_fetch_add(&notifying_count, 1);
    pthread_mutex_unlock(&notifying_lock);
    return 1;
}

static void hr_main_notification_ran(void *group) {
    pthread_mutex_lock(&notifying_lock);
    struct hr_notifying_group **link = hr_notifying_link(group);
    struct hr_notifying_group *entry = *link;
    if (entry != NULL) {
        atomic_fetch_sub(&notifying_count, 1);
        if (--entry->waiting == 0) {
            *link = entry->next;
            free(entry);
        }
    }
    pthread_mutex_unlock(&notifying_lock);
}

// Counts a block handed to the main queue when leaving `group` may hand it a notification.
static void hr_count_leave(void *group) {
    if (atomic_load(&notifying_count) == 0) return;
    pthread_mutex_lock(&notifying_lock);
    int notifies = *hr_notifying_link(group) != NULL;
    pthread_mutex_unlock(&notifying_lock);
    if (notifies) hr_count_main_enqueue();
}

static void hr_run_carried_block(void *wrapped) {
    struct hr_carried_block carried = *(struct hr_carried_block *)wrapped;
    free(wrapped);
    if (carried.wait != NULL) hr_hop_wait_mark(carried.wait, 1);
    if (carried.notifies_for != NULL) hr_main_notification_ran(carried.notifies_for);
    if (carried.off_main) carried_off_main += 1;
    carried.run(carried.context, hr_invoke_block, carried.block);
    if (carried.off_main) carried_off_main -= 1;
    // libdispatch leaves the group after this returns, which may hand its notifications to the main queue.
    if (carried.leaves_group != NULL) hr_count_leave(carried.leaves_group);
    carried.release(carried.block);
    if (carried.wait != NULL) {
        hr_hop_wait_mark(carried.wait, 2);
        hr_hop_wait_let_go(carried.wait);
    }
}

void hr_main_hop_wait_install(hr_hop_watch_fn watch) { atomic_store(&installed_hop_watch, watch); }

unsigned long hr_main_hop_waits_cut_short(void) { return atomic_load(&hop_waits_cut_short); }

// The bound of the wait: how often the waiting thread looks, how many looks in
// a row must find the main-queue block's thread blocked, and the longest wait.
static const unsigned long long hop_check_ns = 20ull * 1000 * 1000;
static const int hop_blocked_checks = 3;
static const unsigned long long hop_most_ns = 1000ull * 1000 * 1000;

// Waits, on the thread that handed it over, until the main-queue block `wait`
// belongs to has run, or the bound ends the wait (see `hr_main_hop_wait_install`).
static void hr_hop_wait_for(struct hr_hop_wait *wait) {
    unsigned long long started = hr_now_ns();
    int blocked_checks = 0;
    int done = 0;
    for (;;) {
        pthread_mutex_lock(&wait->lock);
        if (wait->state != 2) {
            struct timespec deadline;
            clock_gettime(CLOCK_REALTIME, &deadline);
            deadline.tv_nsec += (long)hop_check_ns;
            if (deadline.tv_nsec >= 1000000000l) {
                deadline.tv_sec += 1;
                deadline.tv_nsec -= 1000000000l;
            }
            pthread_cond_timedwait(&wait->ran, &wait->lock, &deadline);
        }
        int state = wait->state;
        long thread = wait->thread;
        pthread_mutex_unlock(&wait->lock);
        if (state == 2) {
            done = 1;
            break;
        }
        // Started and blocked: most likely on what this thread does after the hop.
        blocked_checks = state == 1 && !hr_thread_runs(thread) ? blocked_checks + 1 : 0;
        if (blocked_checks >= hop_blocked_checks || hr_now_ns() - started >= hop_most_ns) break;
    }
    if (!done) atomic_fetch_add(&hop_waits_cut_short, 1);
    hr_hop_wait_let_go(wait);
}

// Lets a context go without running anything in it.
static void hr_let_go(void *context) {
    hr_block_run_fn run = atomic_load(&installed_run);
    if (context != NULL && run != NULL) run(context, hr_invoke_nothing, NULL);
}

// libdispatch's function a work item's blocks have as `invoke`, or NULL.
static void (*hr_work_item_invoke(void))(void *) {
    static _Atomic(int) looked;
    static _Atomic(void (*)(void *)) invoke;
    if (!atomic_load(&looked)) {
        // libdispatch exports a constant holding the function's address.
        void (*const *exported)(void *) = dlsym(RTLD_DEFAULT, "_dispatch_block_special_invoke");
        atomic_store(&invoke, exported != NULL ? *exported : NULL);
        atomic_store(&looked, 1);
    }
    return atomic_load(&invoke);
}

// Whether `block` is a work item (made by `dispatch_block_create`), and its flags.
static int hr_work_item_flags(void *block, unsigned long *flags) {
    void (*invoke)(void *) = hr_work_item_invoke();
    struct hr_block_layout *layout = block;
    if (invoke == NULL || layout->invoke != invoke) return 0;
    struct hr_work_item_head *head = (struct hr_work_item_head *)(layout + 1);
    if (head->magic != hr_work_item_magic) return 0;
    *flags = head->flags;
    return 1;
}

// ---- The contexts noted when work items were made, by the item's address ----
//
// An entry is taken when its item is handed over. An item made but never handed
// over (performed in place, or dropped) leaves its entry until its address is
// made again, which replaces it: only an item made here is looked up.

struct hr_noted_item {
    const void *block;
    void *context;
    struct hr_noted_item *next;
};

static pthread_mutex_t noted_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hr_noted_item *noted_first;
// How many entries there are, read without the lock: most processes never note one.
static atomic_long noted_count;

static void hr_note_item(const void *block, void *context) {
    void *replaced = NULL;
    struct hr_noted_item *entry = NULL;
    if (context != NULL) {
        entry = malloc(sizeof(struct hr_noted_item));
        if (entry == NULL) {
            hr_let_go(context);
            context = NULL;
        }
    }
    pthread_mutex_lock(&noted_lock);
    for (struct hr_noted_item **link = &noted_first; *link != NULL; link = &(*link)->next) {
        if ((*link)->block == block) {
            struct hr_noted_item *stale = *link;
            *link = stale->next;
            replaced = stale->context;
            free(stale);
            atomic_fetch_sub(&noted_count, 1);
            break;
        }
    }
    if (entry != NULL) {
        entry->block = block;
        entry->context = context;
        entry->next = noted_first;
        noted_first = entry;
        atomic_fetch_add(&noted_count, 1);
    }
    pthread_mutex_unlock(&noted_lock);
    hr_let_go(replaced);
}

static void *hr_take_noted_item(const void *block) {
    void *context = NULL;
    pthread_mutex_lock(&noted_lock);
    for (struct hr_noted_item **link = &noted_first; *link != NULL; link = &(*link)->next) {
        if ((*link)->block == block) {
            struct hr_noted_item *entry = *link;
            *link = entry->next;
            context = entry->context;
            free(entry);
            atomic_fetch_sub(&noted_count, 1);
            break;
        }
    }
    pthread_mutex_unlock(&noted_lock);
    return context;
}

// Notes the context of the code making `block`, when the watch is in and the
// code has one, and forgets what was noted for an earlier item at its address.
static void *hr_made_work_item(void *block) {
    hr_block_note_fn note = atomic_load(&installed_note);
    void *context = note != NULL ? note() : NULL;
    if (context != NULL || atomic_load(&noted_count) > 0) hr_note_item(block, context);
    return block;
}

void *dispatch_block_create(unsigned long flags, void *block) {
    static _Atomic(hr_block_create_fn) real;
    hr_block_create_fn create = atomic_load(&real);
    if (create == NULL) {
        create = (hr_block_create_fn)dlsym(RTLD_NEXT, "dispatch_block_create");
        atomic_store(&real, create);
    }
    return hr_made_work_item(create(flags, block));
}

void *dispatch_block_create_with_qos_class(unsigned long flags, unsigned int qos, int priority, void *block) {
    static _Atomic(hr_block_create_qos_fn) real;
    hr_block_create_qos_fn create = atomic_load(&real);
    if (create == NULL) {
        create = (hr_block_create_qos_fn)dlsym(RTLD_NEXT, "dispatch_block_create_with_qos_class");
        atomic_store(&real, create);
    }
    return hr_made_work_item(create(flags, qos, priority, block));
}

void hr_block_context_install(hr_block_capture_fn capture, hr_block_note_fn note, hr_block_run_fn run) {
    if (capture != NULL) atomic_store(&installed_run, run);
    atomic_store(&installed_note, note);
    atomic_store(&installed_capture, capture);
    if (capture == NULL) {
        // Taken out: what was noted is let go while `run` can still do it.
        pthread_mutex_lock(&noted_lock);
        struct hr_noted_item *entry = noted_first;
        noted_first = NULL;
        atomic_store(&noted_count, 0);
        pthread_mutex_unlock(&noted_lock);
        while (entry != NULL) {
            struct hr_noted_item *next = entry->next;
            hr_let_go(entry->context);
            free(entry);
            entry = next;
        }
        atomic_store(&installed_run, run);
    }
}

// The block `block` wrapped to run in the context the installed capture
// returns for it, to hand over with a `_f` function and `hr_run_carried_block`;
// NULL when there is nothing to carry or it must not be carried. A barrier
// work item is wrapped only where the barrier does not matter (`barrier_kept`:
// the main queue, which is serial, or a function that is a barrier itself).
int hr_block_functions(hr_block_copy_fn *copy, hr_block_release_fn *release) {
    static _Atomic(hr_block_copy_fn) copy_fn;
    static _Atomic(hr_block_release_fn) release_fn;
    *copy = atomic_load(&copy_fn);
    *release = atomic_load(&release_fn);
    if (*copy == NULL || *release == NULL) {
        *copy = (hr_block_copy_fn)dlsym(RTLD_DEFAULT, "_Block_copy");
        *release = (hr_block_release_fn)dlsym(RTLD_DEFAULT, "_Block_release");
        if (*copy == NULL || *release == NULL) return 0;
        atomic_store(&copy_fn, *copy);
        atomic_store(&release_fn, *release);
    }
    return 1;
}

static struct hr_carried_block *hr_wrap(void *block, int barrier_kept) {
    hr_block_capture_fn capture = atomic_load(&installed_capture);
    hr_block_run_fn run = atomic_load(&installed_run);
    if (capture == NULL || run == NULL || block == NULL) return NULL;
    hr_block_copy_fn copy;
    hr_block_release_fn release;
    if (!hr_block_functions(&copy, &release)) return NULL;
    unsigned long flags = 0;
    void *made = NULL;
    if (hr_work_item_flags(block, &flags)) {
        made = atomic_load(&noted_count) > 0 ? hr_take_noted_item(block) : NULL;
        // A barrier is the block's flag, which libdispatch reads from the block: it goes as it is.
        if (!barrier_kept && (flags & hr_block_barrier) != 0) {
            hr_let_go(made);
            return NULL;
        }
    }
    // Asked first: most blocks carry nothing, and cost no allocation.
    void *context = capture(made);
    if (context == NULL) return NULL;
    struct hr_carried_block *carried = malloc(sizeof(struct hr_carried_block));
    if (carried == NULL) {
        // Out of memory: the block goes over as it is, and the context is let go.
        run(context, hr_invoke_nothing, NULL);
        return NULL;
    }
    carried->context = context;
    carried->block = copy(block);
    carried->run = run;
    carried->release = release;
    carried->off_main = 0;
    carried->wait = NULL;
    carried->leaves_group = NULL;
    carried->notifies_for = NULL;
    return carried;
}

// A wait for a main-queue block the calling thread hands over, when it runs a
// carried block off the main queue and the installed watch accepts; else NULL.
static struct hr_hop_wait *hr_hop_wait_make(void) {
    if (carried_off_main <= 0) return NULL;
    hr_hop_watch_fn watch = atomic_load(&installed_hop_watch);
    if (watch == NULL || !watch()) return NULL;
    struct hr_hop_wait *wait = malloc(sizeof(struct hr_hop_wait));
    if (wait == NULL) return NULL;
    pthread_mutex_init(&wait->lock, NULL);
    pthread_cond_init(&wait->ran, NULL);
    wait->state = 0;
    wait->thread = 0;
    wait->holders = 2;
    return wait;
}

int hr_carry_block(struct dispatch_queue_s *queue, void *block, int on_main, hr_carry_async_f async_f) {
    struct hr_carried_block *carried = hr_wrap(block, on_main);
    if (carried == NULL) return 0;
    carried->off_main = !on_main;
    // A work item is not waited for: `OperationQueue` hands its operations to its queue as work items
    // while it holds its own lock, which the operation then takes on the main queue (each such hop
    // waited until the bound found the main thread blocked, 60 ms, and held the main thread that long).
    unsigned long flags = 0;
    struct hr_hop_wait *wait = on_main && !hr_work_item_flags(block, &flags) ? hr_hop_wait_make() : NULL;
    carried->wait = wait;
    async_f(queue, carried, hr_run_carried_block);
    if (wait != NULL) hr_hop_wait_for(wait);
    return 1;
}

// A block a recording's code hands to `dispatch_after` carries the cause scope
// of that code, as one handed to `dispatch_async` does, so what it calls when
// it runs is recorded with that cause. Only the scope: a replay's work's block
// is held on the replay's clock before it gets here (watch.c), and a lease
// carried into a block due in real time would have a replay wait it out.
extern struct dispatch_queue_s _dispatch_main_q;

int hr_carry_block_after(unsigned long long when, struct dispatch_queue_s *queue, void *block, hr_carry_after_f after_f) {
    hr_block_note_fn note = atomic_load(&installed_note);
    hr_block_run_fn run = atomic_load(&installed_run);
    if (note == NULL || run == NULL || block == NULL) return 0;
    hr_block_copy_fn copy;
    hr_block_release_fn release;
    if (!hr_block_functions(&copy, &release)) return 0;
    void *context = note();
    if (context == NULL) return 0;
    struct hr_carried_block *carried = calloc(1, sizeof(struct hr_carried_block));
    if (carried == NULL) {
        // Out of memory: the block goes over as it is, and the context is let go.
        run(context, hr_invoke_nothing, NULL);
        return 0;
    }
    carried->context = context;
    carried->block = copy(block);
    carried->run = run;
    carried->release = release;
    carried->off_main = queue != &_dispatch_main_q;
    after_f(when, queue, carried, hr_run_carried_block);
    return 1;
}

// ---- The other ways a block is handed to a queue ----
//
// `DispatchGroup.notify(queue:)`, `queue.async(group:)` and
// `queue.async(flags: .barrier)` reach libdispatch through these, not through
// `dispatch_async`: each is carried the same way, through its `_f` twin, which
// libdispatch treats alike. Without them a group's notification ran as nobody's
// work: a replay found the implementation idle before the block that answers
// the page had run (an outside app: 3 of 30 correct replays passed).
//
// A block for the main queue that goes over this way is counted as
// `dispatch_async` counts it (watch.c), so that a replay passes the main queue
// before it goes on. A group's notification goes to its queue later, when the
// group empties, from inside libdispatch: so a `dispatch_group_leave` of a
// group with a carried main-queue notification that has not run yet, and the
// end of a block handed over with such a group (libdispatch leaves the group
// when the block returns), counts one too, before the notification may go
// over. Counting one that did not go over costs a replay one pass of the main
// queue. (Only those groups: other code in the process leaves groups all the
// time, and a count that never rests reads as work the replay cannot see.) Without it, a
// fan-out that left one request out of its group answered the page from the
// main queue after the replay had delivered the other answer as well, and the
// missing `enter()` was caught in 3 to 4 runs of 10 (an outside app).

extern struct dispatch_queue_s _dispatch_main_q;
typedef void (*hr_group_block_fn)(void *, struct dispatch_queue_s *, void *);
typedef void (*hr_group_function_fn)(void *, struct dispatch_queue_s *, void *, void (*)(void *));
typedef void (*hr_queue_block_fn)(struct dispatch_queue_s *, void *);

// ThreadSanitizer's definitions, which the ones below take the place of (see watch.c).
extern void __interceptor_dispatch_group_notify(void *, struct dispatch_queue_s *, void *) __attribute__((weak));
extern void __interceptor_dispatch_group_notify_f(void *, struct dispatch_queue_s *, void *, void (*)(void *))
    __attribute__((weak));
extern void __interceptor_dispatch_group_async(void *, struct dispatch_queue_s *, void *) __attribute__((weak));
extern void __interceptor_dispatch_group_async_f(void *, struct dispatch_queue_s *, void *, void (*)(void *))
    __attribute__((weak));
extern void __interceptor_dispatch_group_leave(void *) __attribute__((weak));
extern void __interceptor_dispatch_barrier_async(struct dispatch_queue_s *, void *) __attribute__((weak));
extern void __interceptor_dispatch_barrier_async_f(struct dispatch_queue_s *, void *, void (*)(void *))
    __attribute__((weak));

void dispatch_group_notify(void *group, struct dispatch_queue_s *queue, void *block) {
    HR_NEXT(hr_group_block_fn, dispatch_group_notify)
    HR_NEXT(hr_group_function_fn, dispatch_group_notify_f)
    hr_dispatch_watch_note_handoff();
    // A group that is empty already hands the block over at once.
    if (queue == &_dispatch_main_q) hr_count_main_enqueue();
    struct hr_carried_block *carried = hr_wrap(block, queue == &_dispatch_main_q);
    if (carried != NULL) {
        carried->off_main = queue != &_dispatch_main_q;
        if (queue == &_dispatch_main_q && hr_main_notification_waits(group)) carried->notifies_for = group;
        dispatch_group_notify_f_next(group, queue, carried, hr_run_carried_block);
        return;
    }
    dispatch_group_notify_next(group, queue, block);
}

void dispatch_group_async(void *group, struct dispatch_queue_s *queue, void *block) {
    HR_NEXT(hr_group_block_fn, dispatch_group_async)
    HR_NEXT(hr_group_function_fn, dispatch_group_async_f)
    hr_dispatch_watch_note_handoff();
    if (queue == &_dispatch_main_q) hr_count_main_enqueue();
    struct hr_carried_block *carried = hr_wrap(block, queue == &_dispatch_main_q);
    if (carried != NULL) {
        carried->off_main = queue != &_dispatch_main_q;
        carried->leaves_group = group;
        dispatch_group_async_f_next(group, queue, carried, hr_run_carried_block);
        return;
    }
    dispatch_group_async_next(group, queue, block);
}

typedef void (*hr_group_leave_fn)(void *);

// Counted before the group is left: once the count is read after this call, a
// barrier enqueued then follows the notifications the leave handed over.
void dispatch_group_leave(void *group) {
    HR_NEXT(hr_group_leave_fn, dispatch_group_leave)
    hr_count_leave(group);
    dispatch_group_leave_next(group);
}

void dispatch_barrier_async(struct dispatch_queue_s *queue, void *block) {
    HR_NEXT(hr_queue_block_fn, dispatch_barrier_async)
    HR_NEXT(hr_carry_async_f, dispatch_barrier_async_f)
    hr_dispatch_watch_note_handoff();
    if (queue == &_dispatch_main_q) hr_count_main_enqueue();
    struct hr_carried_block *carried = hr_wrap(block, 1);
    if (carried != NULL) {
        carried->off_main = queue != &_dispatch_main_q;
        dispatch_barrier_async_f_next(queue, carried, hr_run_carried_block);
        return;
    }
    dispatch_barrier_async_next(queue, block);
}
#else
void hr_main_hop_wait_install(hr_hop_watch_fn watch) { (void)watch; }

unsigned long hr_main_hop_waits_cut_short(void) { return 0; }

void hr_block_context_install(hr_block_capture_fn capture, hr_block_note_fn note, hr_block_run_fn run) {
    (void)capture;
    (void)note;
    (void)run;
}

int hr_carry_block(struct dispatch_queue_s *queue, void *block, int on_main, hr_carry_async_f async_f) {
    (void)queue;
    (void)block;
    (void)on_main;
    (void)async_f;
    return 0;
}

int hr_carry_block_after(unsigned long long when, struct dispatch_queue_s *queue, void *block, hr_carry_after_f after_f) {
    (void)when;
    (void)queue;
    (void)block;
    (void)after_f;
    return 0;
}
#endif
