import Foundation
import HybridReplay

/// An implementation that does exactly what a cassette recorded, through the
/// seams: it walks the timeline, making each effect with the seam call that
/// produces it, and stops at each stimulus until it arrives.
///
/// Replaying a valid cassette against its oracle must pass; replaying it
/// against an oracle told to skip or alter one effect must fail at that
/// effect. Together they test the replayer against every cassette the
/// generator can make.
final class CassetteOracle: @unchecked Sendable {
    /// How the oracle departs from the recording, if at all.
    enum Fault: Sendable {
        case none
        case skip(effect: Int)
        case alter(effect: Int)
    }

    private let cassette: Cassette
    let platform: Platform
    private let fault: Fault
    let lock = NSLock()
    private var delivered: [Int: Any] = [:]
    private var deliveredCount = 0
    /// The walk along the timeline: the next event, the stimuli it has taken,
    /// and whether a task is walking.
    private var cursor = 0
    private var routed = 0
    private var walking = true
    private var settlementByEvent: [Int: Any] = [:]
    private var answeredByCall: Set<Int> = []
    /// What the UI delegate returns for each new-window request, in order: it
    /// answers synchronously, so it cannot wait for the timeline walk.
    var windowResults: [Bool]

    init(cassette: Cassette, platform: Platform, fault: Fault = .none) {
        self.cassette = cassette
        self.platform = platform
        self.fault = fault
        windowResults = cassette.events.compactMap { event in
            guard let result = event.payload(as: NewWindowResult.self) else { return nil }
            if case .alter(let id) = fault, id == event.id { return !result.returnedWebView }
            return result.returnedWebView
        }
        let receiver = Receiver(oracle: self)
        let messages = cassette.events.compactMap { $0.payload(as: ScriptMessage.self) }
        for handler in Set(messages.filter(\.expectsReply).map { [$0.handler: $0.contentWorld] }) {
            for (name, world) in handler {
                platform.webView.add(receiver as any ScriptMessageHandlerWithReply, contentWorld: world, name: name)
            }
        }
        for handler in Set(messages.filter { !$0.expectsReply }.map { [$0.handler: $0.contentWorld] }) {
            for (name, world) in handler {
                platform.webView.add(receiver as any ScriptMessageHandler, contentWorld: world, name: name)
            }
        }
        platform.webView.setNavigationDelegate(receiver)
        platform.webView.setUIDelegate(receiver)
        for scheme in Set(cassette.urlSchemeRequests.map(\.request.scheme)) {
            platform.webView.setURLSchemeHandler(receiver, forURLScheme: scheme)
        }
        // A cassette that records setting the location delegate has it set where it was recorded.
        if !cassette.events.contains(where: { $0.payload is LocationDelegateChange }) {
            platform.locationManager.setDelegate(receiver)
        }
        platform.custom.setHandler(receiver)
        Task { await self.walk() }
    }

    /// Stimuli arriving through handlers and delegates, in delivery order; the
    /// payload is kept with whatever the oracle needs to answer it. A stimulus
    /// the walk waits for continues it, in a task started from the handler's
    /// own call, as a real implementation reacts.
    func arrived(_ settlement: Any) {
        let resume = lock.withLock {
            deliveredCount += 1
            delivered[deliveredCount] = settlement
            guard !walking else { return false }
            walking = true
            return true
        }
        if resume { Task { await self.walk() } }
    }

    /// Takes the next event of the timeline, or stops the walk when that is a
    /// stimulus still to arrive; `arrived(_:)` starts it again.
    private func nextStep() -> (event: Event, settlement: Any?)? {
        lock.withLock {
            while cursor < cassette.events.count {
                let event = cassette.events[cursor]
                guard event.direction == .stimulus else {
                    cursor += 1
                    return (event, nil)
                }
                if let answered = event.answers, answeredByCall.contains(answered) {
                    cursor += 1
                    continue
                }
                guard deliveredCount > routed else { break }
                routed += 1
                cursor += 1
                return (event, delivered[routed])
            }
            walking = false
            return nil
        }
    }

    /// Makes the recorded effects in order until the timeline needs a
    /// stimulus that has not arrived: the walk never waits on anything but
    /// the seams, so the replay sees when it is idle.
    private func walk() async {
        while let (event, settlement) = nextStep() {
            if event.direction == .stimulus {
                lock.withLock { settlementByEvent[event.id] = settlement }
                continue
            }
            var payload = event.payload
            switch fault {
            case .skip(let id) where id == event.id: continue
            case .alter(let id) where id == event.id: payload = Self.altered(payload)
            default: break
            }
            let cause = lock.withLock { event.cause.flatMap { settlementByEvent[$0] } }
            if await perform(payload, cause: cause) {
                lock.withLock { _ = answeredByCall.insert(event.id) }
            }
        }
    }

    /// Makes one effect; returns whether the seam call took its answer itself.
    private func perform(_ payload: any EventPayload, cause: Any?) async -> Bool {
        switch payload {
        case let decision as NavigationDecision:
            if let decide = cause as? (@Sendable (NavigationPolicy, WebpagePreferences) -> Void) {
                decide(decision.policy, decision.preferences ?? WebpagePreferences())
            }
            (cause as? (@Sendable (NavigationPolicy) -> Void))?(decision.policy)
        case let reply as ScriptReply:
            (cause as? (@Sendable (Outcome) -> Void))?(reply.outcome)
        case let script as UserScriptInstallation:
            platform.webView.addUserScript(script)
        case let evaluation as JavaScriptEvaluation:
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                if let arguments = evaluation.arguments {
                    platform.webView.callAsyncJavaScript(
                        evaluation.script, arguments: arguments, in: evaluation.frame, in: evaluation.contentWorld
                    ) { _ in done.resume() }
                } else {
                    platform.webView.evaluateJavaScript(
                        evaluation.script, in: evaluation.frame, in: evaluation.contentWorld
                    ) { _ in done.resume() }
                }
            }
            return true
        case let route as NativeRoute:
            platform.routes.show(route)
        case let load as NavigationLoad:
            platform.webView.load(load)
        case let request as HTTPRequest:
            _ = try? await platform.transport.send(request, redirectDelegate: StopAtRedirects())
            return true
        case let write as CookieStoreWrite:
            await platform.cookieStore.setCookie(write.cookie)
        case let query as CookieStoreQuery:
            _ = await platform.cookieStore.cookies(for: query.urlString)
            return true
        case let change as LocationDelegateChange:
            platform.locationManager.setDelegate(change.isSet ? Receiver(oracle: self) : nil)
        case let request as LocationAuthorizationRequest:
            if request.level == .always { platform.locationManager.requestAlwaysAuthorization() }
            else { platform.locationManager.requestWhenInUseAuthorization() }
        case let configuration as LocationConfiguration:
            if let accuracy = configuration.desiredAccuracy { platform.locationManager.desiredAccuracy = accuracy }
            if let filter = configuration.distanceFilter { platform.locationManager.distanceFilter = filter }
        case is LocationUpdatesStart:
            platform.locationManager.startUpdatingLocation()
        case is LocationUpdatesStop:
            platform.locationManager.stopUpdatingLocation()
        case is OneShotLocationRequest:
            platform.locationManager.requestLocation()
        case let request as TemporaryFullAccuracyRequest:
            platform.locationManager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: request.purposeKey)
        case let value as LocationServiceValue:
            platform.locationOutput.publish(value.value, on: value.stream)
        case let completion as LocationServiceCompletion:
            platform.locationOutput.complete(completion.stream, error: completion.error)
        case let custom as CustomEvent:
            platform.custom.send(custom)
        default:
            return performWeb(payload, cause: cause)
        }
        return false
    }

    /// `payload` with one visible change, of the same kind.
    static func altered(_ payload: any EventPayload) -> any EventPayload {
        switch payload {
        case var decision as NavigationDecision: decision.policy = decision.policy == .cancel ? .allow : .cancel; return decision
        case let reply as ScriptReply: return ScriptReply(.value(.string("altered \(reply.summary)")))
        case var script as UserScriptInstallation: script.source += "//altered"; return script
        case var evaluation as JavaScriptEvaluation: evaluation.script += "//altered"; return evaluation
        case var route as NativeRoute: route.name += "-altered"; return route
        case var load as NavigationLoad: load.urlString += "#altered"; return load
        case var request as HTTPRequest: request.urlString += "#altered"; return request
        case var write as CookieStoreWrite: write.cookie.name += "-altered"; return write
        case var query as CookieStoreQuery: query.urlString += "#altered"; return query
        case var request as LocationAuthorizationRequest: request.level = request.level == .always ? .whenInUse : .always; return request
        case var request as TemporaryFullAccuracyRequest: request.purposeKey += "-altered"; return request
        case var change as LocationDelegateChange: change.isSet.toggle(); return change
        case var configuration as LocationConfiguration:
            configuration.desiredAccuracy = (configuration.desiredAccuracy ?? 0) + 1
            return configuration
        case var value as LocationServiceValue: value.stream += "-altered"; return value
        case var completion as LocationServiceCompletion: completion.stream += "-altered"; return completion
        case var custom as CustomEvent: custom.fields["altered"] = .bool(true); return custom
        default: return alteredWeb(payload)
        }
    }

    struct StopAtRedirects: HTTPRedirectDelegate {
        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest) async -> HTTPRequest? { nil }
    }

    /// Forwards every handler and delegate call to the oracle.
    struct Receiver: ScriptMessageHandler, ScriptMessageHandlerWithReply, NavigationDelegate, LocationManagerDelegate, CustomEventHandler {
        let oracle: CassetteOracle

        func didReceive(_ message: ScriptMessage) { oracle.arrived(message) }
        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) { oracle.arrived(replyHandler) }
        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            oracle.arrived(decisionHandler)
        }
        func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) { oracle.arrived(status) }
        func locationManager(didUpdateLocations locations: [LocationFix]) { oracle.arrived(locations) }
        func locationManager(didFailWithError error: LocationErrorCode) { oracle.arrived(error) }
        func didReceive(_ event: CustomEvent) { oracle.arrived(event) }
    }
}
