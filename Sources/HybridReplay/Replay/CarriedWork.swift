/// What the calling code is doing, carried into the blocks it hands to
/// Dispatch (Linux, under the runtime watch; see `hr_block_context_install`):
/// the replay's work it belongs to, and the stimulus a recorder is delivering
/// to it.
///
/// App code often hops before it goes on: a completion handler that calls
/// `DispatchQueue.main.async`, whose block starts a `Task {}` for the rest
/// (`Task { await self.confirm(reference) }`); a message handler that decodes
/// on a serial queue or an `OperationQueue`, then evaluates the result from
/// `DispatchQueue.main.async` or `OperationQueue.main`. A task inherits the
/// replay's lease (``ReplayContext/lease``) and the recorder's
/// ``CauseScope`` from the code that starts it, but a block runs outside
/// every task and inherits nothing. Without carrying, the task a main-queue
/// block started was nobody's work: the replay passed the main queue, found
/// the work it follows idle, and reported the task's calls missing before it
/// made them (an outside app: a correct confirm screen failed 28 to 42 runs
/// in 50); and what a block did after a hop was recorded without a cause, so
/// the replay held it in its recorded place among every other uncaused
/// effect, and two messages whose hops finished in the other order failed
/// (a statement screen decoding on an `OperationQueue`: 20 of 20).
///
/// Carried, a block holds the lease of the code that handed it over until it
/// has run, and runs with it bound, so what it starts is followed like any
/// other work; and it runs in the scope of the stimulus being delivered where
/// it was handed over (for a `DispatchWorkItem`, such as the one
/// `OperationQueue` makes for each operation, where it was made), so what it
/// calls has that stimulus as its cause.
package enum CarriedWork {
    /// A carried context: the lease and the scope, either of which may be
    /// missing, and with the lease the stimulus whose delivery started the
    /// work (``ReplayContext/stimulus``), so an effect the block makes is
    /// matched, and reported, as made in reaction to it.
    private final class Context: Sendable {
        let lease: WorkLease?
        let scope: CauseScope?
        let stimulus: Int?

        init(lease: WorkLease?, scope: CauseScope?, stimulus: Int? = nil) {
            self.lease = lease
            self.scope = scope
            self.stimulus = stimulus
        }

        func retained() -> UnsafeMutableRawPointer {
            Unmanaged.passRetained(self).toOpaque()
        }

        static func taken(_ context: UnsafeMutableRawPointer) -> Context {
            Unmanaged<Context>.fromOpaque(context).takeRetainedValue()
        }
    }

    /// The scope of the code making a work item, retained, to carry when the item is handed over; `nil` for none.
    ///
    /// Never the lease: an item made and never handed over would hold it, and
    /// the replay would wait for it for good.
    package static func noteMade() -> UnsafeMutableRawPointer? {
        // The replay's work is never recorded: no recorder is asked on its hot path.
        guard ReplayContext.lease == nil else { return nil }
        return CauseScope.carried().map { Context(lease: nil, scope: $0).retained() }
    }

    /// The context of the calling code, retained, to hand a block; `nil` for none.
    ///
    /// - Parameter made: What ``noteMade()`` returned when the block was made, which this takes over.
    package static func capture(made: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let noted = made.map(Context.taken)
        let lease = ReplayContext.lease
        // The replay's work is never recorded: no recorder is asked on its hot path.
        let scope = noted?.scope ?? (lease == nil ? CauseScope.carried() : nil)
        guard lease != nil || scope != nil else { return nil }
        // Until it has run, the block is the replay's work on its way: its lease is not parked.
        lease?.engine.beginCarriedBlock()
        return Context(lease: lease, scope: scope, stimulus: lease == nil ? nil : ReplayContext.stimulus).retained()
    }

    /// Runs `invoke(block)` with the context `context` holds bound, then lets the context go.
    package static func run(
        _ context: UnsafeMutableRawPointer, _ invoke: @convention(c) (UnsafeMutableRawPointer?) -> Void,
        _ block: UnsafeMutableRawPointer?
    ) {
        let context = Context.taken(context)
        ReplayContext.$lease.withValue(context.lease) {
            ReplayContext.$stimulus.withValue(context.stimulus) {
                CauseScope.$current.withValue(context.scope) { invoke(block) }
            }
        }
        context.lease?.engine.endCarriedBlock()
    }
}
