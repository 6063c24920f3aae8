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
/// where the engine happens to run. The table is ``for(_:)``; a new seam is a
/// new row there.
package struct DeliveryExecutor: Sendable, Hashable, CustomStringConvertible {
    private let name: String

    /// The main actor: the main thread on Apple platforms, the main queue everywhere.
    package static let mainActor = DeliveryExecutor(name: "the main actor")
    /// No particular executor: whichever the engine runs on.
    package static let anywhere = DeliveryExecutor(name: "any executor")

    package var description: String { name }

    /// Where the platform delivers `payload`: the one table of seams and their executors.
    package static func `for`(_ payload: any EventPayload) -> DeliveryExecutor {
        switch payload {
        case is ScriptMessage, is JavaScriptResult: .mainActor
        case is NavigationAction, is NavigationResponse, is NewWindowRequest, is JavaScriptDialog: .mainActor
        case is URLSchemeRequest, is URLSchemeStop: .mainActor
        case is NavigationStart, is NavigationCommit, is NavigationFinish, is NavigationFailure,
            is WebContentProcessTermination:
            .mainActor
        case is LocationAuthorizationChange, is LocationUpdate, is LocationFailure: .mainActor
        default: .anywhere
        }
    }

    /// Where the platform calls back with the answer to `call`, or with its failure when it has none.
    package static func forAnswer(to call: any EventPayload) -> DeliveryExecutor {
        call is JavaScriptEvaluation ? .mainActor : .anywhere
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
