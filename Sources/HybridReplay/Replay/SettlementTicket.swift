/// Kept alive by a decision or reply handler the replay hands to app code,
/// so the replay knows whether app code still holds one.
///
/// A handler already called but still held — by a task sleeping on the
/// replay's clock, say — may be called a second time, which WebKit reports
/// as a crash. Once the recorded timeline is over, the replay keeps moving
/// its clock while such handlers are held, so that second call is judged;
/// without them it stops, and a heartbeat on the clock does not keep it going.
final class SettlementTicket: Sendable {
    let engine: ReplayEngine

    init(engine: ReplayEngine) {
        self.engine = engine
        engine.state.withLock { $0.work.heldSettlementHandlers += 1 }
    }

    deinit { engine.state.withLock { $0.work.heldSettlementHandlers -= 1 } }
}

extension ReplayEngine {
    /// Whether app code still holds a decision or reply handler.
    var holdsSettlementHandlers: Bool { state.withLock { $0.work.heldSettlementHandlers > 0 } }
}
