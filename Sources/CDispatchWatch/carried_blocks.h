// What watch.c's `dispatch_async` calls to carry the calling code's context
// into the block it hands over (see carried_blocks.c). Internal to the module.
#ifndef HYBRIDREPLAY_CARRIED_BLOCKS_H
#define HYBRIDREPLAY_CARRIED_BLOCKS_H

struct dispatch_queue_s;

/// libdispatch's `dispatch_async_f`, or ThreadSanitizer's in its place.
typedef void (*hr_carry_async_f)(struct dispatch_queue_s *, void *, void (*)(void *));

/// Hands `block` to `queue` (with `async_f`) to run in the context the
/// installed capture returns for it; returns 0 when there is nothing to carry
/// or it must not be carried, and the caller hands the block over as it is.
int hr_carry_block(struct dispatch_queue_s *queue, void *block, int on_main, hr_carry_async_f async_f);

/// The block runtime's `_Block_copy` and `_Block_release`, looked up once.
typedef void *(*hr_block_copy_fn)(const void *);
typedef void (*hr_block_release_fn)(const void *);

/// Sets `copy` and `release`; returns 0 when the process has no block runtime.
int hr_block_functions(hr_block_copy_fn *copy, hr_block_release_fn *release);

/// libdispatch's `dispatch_after_f`, or ThreadSanitizer's in its place.
typedef void (*hr_carry_after_f)(unsigned long long, struct dispatch_queue_s *, void *, void (*)(void *));

/// Hands `block` to `queue` at `when` (with `after_f`) to run in the cause
/// scope of a recording's code that hands it over, never a replay's lease;
/// returns 0 when there is none, and the caller hands the block over as it is.
int hr_carry_block_after(unsigned long long when, struct dispatch_queue_s *queue, void *block, hr_carry_after_f after_f);

/// Counts a block handed to the main queue, as watch.c's `dispatch_async`
/// does, unless the calling code hands over the engine's own blocks (watch.c).
/// Counting more than was handed over only costs a replay a pass of the main queue.
void hr_count_main_enqueue(void);

/// Whether thread `thread` of this process is running or waiting to run, rather than blocked (watch.c).
int hr_thread_runs(long thread);

/// The monotonic clock, in nanoseconds (watch.c).
unsigned long long hr_now_ns(void);

#endif
