import CDispatchWatch
import HybridReplay

/// What `CDispatchWatch` sees on Linux: the test executable's definition of
/// `dispatch_async` counts the blocks handed to the main queue, and calls the
/// installed watch for a block handed to any other queue. Elsewhere, and in an
/// executable that does not export the symbol, it sees nothing.
enum DispatchWatch {
    /// Whether this process's calls to `dispatch_async` reach the package's definition.
    static var seesDispatch: Bool { hr_dispatch_watch_sees_dispatch() != 0 }

    /// What a replay learns from it while it is installed.
    static let runtimeWatch = RuntimeWatch(
        mainQueueEnqueues: { hr_dispatch_watch_sees_dispatch() != 0 ? hr_dispatch_watch_main_enqueues() : nil },
        leavingUncounted: { body in
            hr_dispatch_watch_set_uncounted(1)
            body()
            hr_dispatch_watch_set_uncounted(0)
        },
        threadHandoffs: { hr_dispatch_watch_sees_dispatch() != 0 ? hr_dispatch_watch_thread_handoffs() : nil },
        holdingHandoffs: { body in
            hr_job_hold_begin()
            body()
            hr_job_hold_end()
        },
        releasingDelayedBlocks: { key in hr_delayed_blocks_release(key) },
        wakingDelayedJob: { job, key in _ = hr_delayed_job_wake(UnsafeRawPointer(bitPattern: job), key) },
        releasingDelayedJob: { job in
            if let job = UnsafeRawPointer(bitPattern: job) { hr_delayed_job_release(job) }
        },
        wakingDelayedBlock: { handle in _ = hr_delayed_block_wake(UnsafeRawPointer(bitPattern: handle)) },
        releasingDelayedBlock: { handle in
            if let handle = UnsafeRawPointer(bitPattern: handle) { hr_delayed_block_release(handle) }
        })

    /// How many jobs the calling thread's current turn holds (see `RuntimeWatch.holdingHandoffs`).
    static var jobsHeldHere: Int { Int(hr_job_hold_held_here()) }

    /// Reports a block handed to a queue other than the main queue to the replay whose work handed it over.
    /// Follows the jobs the replay's work hands to Dispatch until they have run (see `WatchedJobs`),
    /// and those of a recording's app code (see `RecordedJobs`).
    static func install() {
        hr_dispatch_watch_install { GlobalEnqueueWatch.noteDispatchedBlock() }
        hr_dispatch_after_watch_install { GlobalEnqueueWatch.holdDelayedBlock() }
        hr_main_hop_wait_install { GlobalEnqueueWatch.waitsForMainHop() ? 1 : 0 }
        hr_thread_watch_install { GlobalEnqueueWatch.noteStartedThread() }
        hr_job_watch_install(
            { job, running in
                guard let job else { return 0 }
                // A replay's work is the replay's; other app code, a recorder's (RecordedJobs).
                let key = WatchedJobs.handingOver(job, running: running)
                return key != 0 ? key : RecordedJobs.handingOver(job, running: running)
            },
            { job, key in
                guard let job else { return }
                if key & RecordedJobs.keyBit != 0 {
                    RecordedJobs.ran(job, key: key)
                } else {
                    WatchedJobs.ran(job, key: key)
                }
            })
        hr_delayed_job_watch_install { job, _ in
            guard let job else { return 0 }
            return WatchedJobs.handingOverDelayed(job)
        }
        hr_delayed_job_hold_install { job, delay in
            guard let job else { return 0 }
            return WatchedJobs.holdingDelayed(job, delay: .nanoseconds(Int64(clamping: delay))) ? 1 : 0
        }
        hr_delayed_block_hold_install { handle, delay in
            guard let handle else { return 0 }
            return GlobalEnqueueWatch.holdingDelayedBlock(handle, delay: .nanoseconds(Int64(clamping: delay)))
        }
        hr_job_hold_install { job, key in
            if let job { WatchedJobs.releasedByBound(job, key: key) }
        }
        hr_block_context_install(
            { made in CarriedWork.capture(made: made) },
            { CarriedWork.noteMade() },
            { context, invoke, block in
                guard let context, let invoke else { return }
                CarriedWork.run(context, invoke, block)
            })
    }

    /// Stops reporting blocks and following jobs; `dispatch_async` and `dispatch_async_f` still pass every block on.
    static func remove() {
        hr_dispatch_watch_install(nil)
        hr_dispatch_after_watch_install(nil)
        hr_main_hop_wait_install(nil)
        // Each replay releases its own as it ends; one handed over as its run ended is released here.
        hr_delayed_blocks_release(0)
        hr_thread_watch_install(nil)
        hr_job_watch_install(nil, nil)
        hr_delayed_job_watch_install(nil)
        hr_delayed_job_hold_install(nil)
        hr_delayed_block_hold_install(nil)
        // Each replay releases its own as it ends; one held as its run ended is released here.
        hr_delayed_job_release(nil)
        hr_delayed_block_release(nil)
        hr_job_hold_install(nil)
        hr_block_context_install(nil, nil, nil)
    }
}
