#ifndef HYBRIDREPLAY_CDISPATCHWATCH_H
#define HYBRIDREPLAY_CDISPATCHWATCH_H

/// Called for each block app code hands to a Dispatch queue other than the
/// main queue with `dispatch_async`, on the thread that hands it over.
typedef void (*hr_dispatch_watch_fn)(void);

/// Installs `watch`, or with NULL removes it; on Linux the package's
/// `dispatch_async` calls it before passing the block to libdispatch.
/// Elsewhere it does nothing. Only HybridReplayRuntimeWatch links this
/// module, and installs a watch only while a replay runs under it.
void hr_dispatch_watch_install(hr_dispatch_watch_fn watch);

/// Asked, on the thread that hands a block to `dispatch_after`
/// (`DispatchQueue.asyncAfter`), whether to hold it: returns the key of the
/// replay that holds it until it ends (see `hr_delayed_blocks_release`), or 0
/// to pass it on to libdispatch now.
typedef unsigned long (*hr_after_watch_fn)(void);

/// Installs `watch`, or with NULL removes it; on Linux the package's
/// `dispatch_after` (`DispatchQueue.asyncAfter`) calls it before passing the
/// block to libdispatch, and holds the block when it returns a key.
/// Elsewhere it does nothing.
void hr_dispatch_after_watch_install(hr_after_watch_fn watch);

/// Hands the blocks held for `key` (every held block, for 0) to libdispatch,
/// in the order they were handed over, each with the deadline it was given:
/// one whose deadline has passed runs at once. Elsewhere than Linux it does nothing.
void hr_delayed_blocks_release(unsigned long key);

/// Asked, on a thread running a block carried to a queue other than the main
/// queue (see `hr_block_context_install`), when that block hands a block to
/// the main queue with `dispatch_async`: nonzero to wait, bounded, until the
/// main-queue block has run before going on (see `hr_main_hop_wait_install`).
typedef int (*hr_hop_watch_fn)(void);

/// Installs `watch`, or with NULL removes it. While it is in, a carried block
/// running off the main queue that hands a block to the main queue, and
/// whose hand-over `watch` accepts, waits until that block has run: the main
/// queue's block runs before the rest of the handing block, every run. A
/// work item (`DispatchWorkItem`, what `OperationQueue.main` hands over) is
/// not waited for: `OperationQueue` hands it over holding a lock of its own
/// that the operation takes when it runs.
///
/// The wait is bounded, so it adds no deadlock: it ends once the main-queue
/// block has run, or once the thread running it has been found blocked (not
/// running or runnable) at three looks 20 ms apart — waiting, most likely,
/// on the block that waits for it — or after 1 second. Elsewhere than Linux
/// it does nothing.
void hr_main_hop_wait_install(hr_hop_watch_fn watch);

/// How many hand-overs to the main queue stopped waiting before the
/// main-queue block had run (found blocked, or out of time), since the
/// process started.
unsigned long hr_main_hop_waits_cut_short(void);

/// Installs `watch`, or with NULL removes it; on Linux the package's
/// `pthread_create` calls it, on the starting thread, before it starts a
/// thread of Foundation's (`Thread.start()`). Elsewhere it does nothing.
void hr_thread_watch_install(hr_dispatch_watch_fn watch);

/// Whether this process's calls to `dispatch_async` reach the package's
/// definition (1) or go straight to libdispatch (0): a build that does not
/// export the symbol from the executable cannot see Dispatch.
int hr_dispatch_watch_sees_dispatch(void);

/// How many blocks have been handed to the main queue with `dispatch_async`
/// so far, leaving out those handed over while the calling thread was marked
/// with `hr_dispatch_watch_set_uncounted`. Only meaningful when
/// `hr_dispatch_watch_sees_dispatch()` is 1.
unsigned long hr_dispatch_watch_main_enqueues(void);

/// Marks (1) or unmarks (0) the calling thread: its main-queue blocks are the
/// replay's own barriers, which the count above leaves out.
void hr_dispatch_watch_set_uncounted(int uncounted);

/// How many blocks the calling thread has handed to any Dispatch queue with
/// `dispatch_async`, `dispatch_after` or `dispatch_async_f` (which the
/// concurrency runtime uses for the main actor), plus the tasks it noted with
/// `hr_dispatch_watch_note_handoff`. A recorder reads it before and after it
/// runs app code, to know whether that code left work it cannot follow.
/// Only meaningful when `hr_dispatch_watch_sees_dispatch()` is 1.
unsigned long hr_dispatch_watch_thread_handoffs(void);

/// Counts one handoff on the calling thread, such as a task enqueued on the
/// global executor (`Task.detached`).
void hr_dispatch_watch_note_handoff(void);

/// Asked, on the thread that hands a job of the concurrency runtime to a
/// Dispatch queue (`dispatch_async_f`: the global executor, the main actor),
/// whether to watch it: `job` is the job, `running` the key the watched job
/// this thread is running was watched under (0 for none). Returns the key
/// to watch it under (the replay it counts for), or 0 not to watch it.
///
/// The key goes with the job, to `done` and `overdue`: a job's address is
/// no name for it once it has run, since a task that finished in its job
/// leaves its memory to the next task made, perhaps another replay's, before
/// `done` hears that the job has run.
typedef unsigned long (*hr_job_watch_fn)(const void *job, unsigned long running);

/// Called after a watched job has run, on the thread that ran it: it has
/// finished, handed itself on (asked about again as it did), or waits.
/// `key` is what `watch` returned for it.
typedef void (*hr_job_done_fn)(const void *job, unsigned long key);

/// Installs `watch` and `done`, or with NULLs removes them. On Linux the
/// package's `dispatch_async_f` asks `watch` about each job, and runs a
/// watched one through a function of its own that calls `done` after it.
/// Elsewhere it does nothing.
void hr_job_watch_install(hr_job_watch_fn watch, hr_job_done_fn done);

/// Installs, or with NULL removes, what is asked about a job of the
/// concurrency runtime handed to `dispatch_after_f` (a `Task.sleep` in real
/// time): a watched one runs through the same function as a watched job of
/// `dispatch_async_f`, which calls the `done` `hr_job_watch_install` installed.
/// Elsewhere than Linux it does nothing.
void hr_delayed_job_watch_install(hr_job_watch_fn watch);

/// Asked, before `watch` above, about a job of the concurrency runtime handed
/// to `dispatch_after_f` `delay_ns` nanoseconds ahead (a `Task.sleep` in real
/// time): whether to hold it until `hr_delayed_job_wake` or
/// `hr_delayed_job_release` hands it on. Returns nonzero to hold it.
/// A deadline on the wall clock, or none, is never asked about.
typedef int (*hr_delayed_job_hold_fn)(const void *job, unsigned long long delay_ns);

/// Installs, or with NULL removes, what decides which delayed jobs are held.
/// Elsewhere than Linux it does nothing.
void hr_delayed_job_hold_install(hr_delayed_job_hold_fn hold);

/// Hands the held `job` to Dispatch to run now, watched under `key` as a
/// job of `dispatch_async_f` is (0: unwatched). Returns 0 when it is not held.
int hr_delayed_job_wake(const void *job, unsigned long key);

/// Hands the held `job` (NULL: every held job) to Dispatch with the deadline
/// it was given, unwatched.
void hr_delayed_job_release(const void *job);

/// Asked about a block the calling code hands to `dispatch_after`
/// (`DispatchQueue.asyncAfter`) `delay_ns` nanoseconds ahead, before the
/// watch installed with `hr_dispatch_after_watch_install`: `handle` names the
/// block, copied and held, its queue retained. Returns 1 to hold it until
/// `hr_delayed_block_wake` or `hr_delayed_block_release`, 2 to hand it to
/// `dispatch_async` now (a block due at once), 0 to pass it on.
/// A deadline on the wall clock, or none, is never asked about.
typedef int (*hr_delayed_block_hold_fn)(const void *handle, unsigned long long delay_ns);

/// Installs, or with NULL removes, what decides which delayed blocks are held.
/// Elsewhere than Linux it does nothing.
void hr_delayed_block_hold_install(hr_delayed_block_hold_fn hold);

/// Hands the held block `handle` to the package's `dispatch_async`, which
/// carries the calling code's context into it. Returns 0 when it is not held.
int hr_delayed_block_wake(const void *handle);

/// Hands the held block `handle` (NULL: every one) to Dispatch with the
/// deadline it was given.
void hr_delayed_block_release(const void *handle);

/// Called for a job held by `hr_job_hold_begin` that the bound released
/// before its turn was done, on the thread that releases it, with the key it is watched under.
typedef void (*hr_job_overdue_fn)(const void *job, unsigned long key);

/// Carrying the calling code's context into the blocks it hands to Dispatch
/// (Linux): a block handed over with `dispatch_async` by the replay's work
/// (`DispatchQueue.main.async` in a completion handler the replay called) runs
/// as that work, and one handed over while the recorder delivers a stimulus
/// runs with that stimulus as its cause, on the main queue or any other.
/// `capture` is called in `dispatch_async` on the enqueuing thread, with the
/// context `note` returned when the block was made by `dispatch_block_create`
/// (a `DispatchWorkItem`; NULL for none), which `capture` takes over; it
/// returns a retained context or NULL
/// (nothing to carry). `run` is called when the block runs, with that
/// context, and must call `invoke(block)` inside it and release the context;
/// it is also how a context is let go unused (`block` NULL, `invoke` doing nothing).
typedef void *(*hr_block_capture_fn)(void *made);
typedef void *(*hr_block_note_fn)(void);
typedef void (*hr_block_run_fn)(void *context, void (*invoke)(void *), void *block);

/// Installs (or, with NULLs, removes) the carrying of context into blocks.
void hr_block_context_install(hr_block_capture_fn capture, hr_block_note_fn note, hr_block_run_fn run);

/// Installs `overdue`, or with NULL removes it. Elsewhere than Linux it does nothing.
void hr_job_hold_install(hr_job_overdue_fn overdue);

/// Begins a turn on the calling thread (turns nest): until the outermost
/// ends, each job the job watch watches that this thread hands to a queue
/// other than the main queue with `dispatch_async_f` — a `Task.detached`, a
/// task hopping to the global executor — is held, not handed to libdispatch.
/// A watched main-actor job is such a turn while it runs. Elsewhere than
/// Linux it does nothing.
///
/// A held job is never held for good: when the turn's thread has been found
/// blocked (not running or runnable) at three looks 20 ms apart — waiting,
/// most likely, on the very job held — or after 1 second with the thread
/// still running, the jobs are released, and `overdue` hears of each.
void hr_job_hold_begin(void);

/// Ends a turn begun with `hr_job_hold_begin`; the outermost hands the jobs
/// it held to libdispatch, in the order they were handed over.
void hr_job_hold_end(void);

/// How many jobs the calling thread's current turn holds (0 outside a turn).
unsigned long hr_job_hold_held_here(void);

/// Keeps the hook that was in the concurrency runtime's global-enqueue slot
/// when the runtime watch put its own there (NULL for none), atomically: a
/// thread still inside the watch's hook may read it while it is written.
void hr_enqueue_hook_set_previous(const void *hook);

/// The hook kept by `hr_enqueue_hook_set_previous`, or NULL.
const void *hr_enqueue_hook_previous(void);

/// Keeps the hook that was in the runtime's main-executor-enqueue slot when
/// the runtime watch put its own there (NULL for none), atomically.
void hr_main_enqueue_hook_set_previous(const void *hook);

/// The hook kept by `hr_main_enqueue_hook_set_previous`, or NULL.
const void *hr_main_enqueue_hook_previous(void);

#endif
