import HybridReplaySeams

/// Where the platform calls app code back with a stimulus, and so where a
/// replay and the simulated platform call it.
///
/// WebKit calls its script-message handlers, navigation and UI delegates and
/// `evaluateJavaScript` completion handlers on the main thread, and
/// `CLLocationManager` calls its delegate on the run loop of the thread that
/// made it (the main thread in practice): those reach app code on the main
/// actor. `URLSession`'s async API resumes on no particular executor, and a
/// custom seam delivers where the app's own code sends: those are delivered
/// where the engine happens to run. Each kind's description says which
/// (``StandardPayload/delivery``).
package struct DeliveryExecutor: Sendable, Hashable, CustomStringConvertible {
    private let name: String

    /// The main actor: the main thread on Apple platforms, the main queue everywhere.
    package static let mainActor = DeliveryExecutor(name: "the main actor")
    /// No particular executor: whichever the engine runs on.
    package static let anywhere = DeliveryExecutor(name: "any executor")

    package var description: String { name }

    /// Where the platform calls back with the answer to `call`, or with its
    /// failure when it has none: what the call's kind description says.
    package static func forAnswer(to call: any EventPayload) -> DeliveryExecutor {
        guard let standard = call as? any StandardPayload else { return .anywhere }
        return answerExecutor(of: standard)
    }

    private static func answerExecutor<Payload: StandardPayload>(of _: Payload) -> DeliveryExecutor {
        switch Payload.delivery {
        case .effect(let executor): executor
        case .answer, .receiver: .anywhere
        }
    }

    /// Runs `body` on this executor, in the calling task, so task-local values stay bound.
    package func run(_ body: @escaping @Sendable () -> Void) async {
        if self == .mainActor {
            await MainActor.run { body() }
        } else {
            body()
        }
    }
}
