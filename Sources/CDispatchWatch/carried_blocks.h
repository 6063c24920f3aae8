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

#endif
