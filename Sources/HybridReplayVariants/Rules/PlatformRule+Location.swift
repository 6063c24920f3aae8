import HybridReplay

/// Location: updates that were started end when the user or the system takes access away.
extension PlatformRule {
    /// Updates started with `startUpdatingLocation()` are stopped once access
    /// is denied or restricted, or a fatal location error (any but
    /// `locationUnknown`) arrives, before the run ends or updates are started again.
    public static let locationUpdatesEnded = PlatformRule(
        name: "location-request-ended",
        summary: "Location updates that are running are stopped after a denial, a restriction or a fatal error.",
        check: { rule, trace in
            var running: Int?
            var mustStop: (start: Int, reason: Int, why: String)?
            var violations: [RuleViolation] = []
            func report() {
                guard let pending = mustStop else { return }
                violations.append(
                    RuleViolation(
                        rule: rule, eventIDs: [pending.reason, pending.start],
                        message: "location updates started were never stopped after \(pending.why); call stopUpdatingLocation() when access ends"))
                mustStop = nil
            }
            // Only these kinds matter to the rule; every other event passes by.
            for event in trace.events {
                if event.payload is LocationUpdatesStart {
                    report()
                    running = event.id
                } else if event.payload is LocationUpdatesStop {
                    running = nil
                    mustStop = nil
                } else if let change = event.payload as? LocationAuthorizationChange, change.status == .denied || change.status == .restricted {
                    if let start = running, mustStop == nil { mustStop = (start, event.id, "access became \(change.status)") }
                } else if let failure = event.payload as? LocationFailure, failure.code != .locationUnknown {
                    if let start = running, mustStop == nil { mustStop = (start, event.id, "the fatal error \(failure.code)") }
                }
            }
            report()
            return violations
        })
}
