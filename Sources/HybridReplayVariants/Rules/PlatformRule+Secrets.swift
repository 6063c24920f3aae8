import HybridReplay

/// Secrets: what the implementation hands the page, the screen or its own
/// outputs carries no credential.
extension PlatformRule {
    /// The effects that are outputs: what reaches the page, a native screen or
    /// the app's own observers. Requests to servers and the cookie jar are
    /// where credentials belong, so they are not outputs.
    static let outputChannels: Set<Channel> = [.script, .javascript, .navigation, .location, .custom]

    /// Effects on those channels that go to a server, not an output: the
    /// credential an app answers an authentication challenge with.
    static let toServers: Set<EventKind> = [AuthenticationAnswer.eventKind]

    /// No effect the implementation sends to the page, a screen or its outputs
    /// holds a secret: a secret-named field with a value, or a credential's
    /// shape (what `cassette lint` flags), through base64 and JSON in strings.
    public static let noSecretInOutput = PlatformRule(
        name: "no-secret-in-output",
        summary: "No output of the implementation (to the page, a screen or its observers) carries a secret.",
        check: { rule, trace in
            let outputs = trace.events.filter { $0.direction == .effect && outputChannels.contains($0.channel) && !toServers.contains($0.kind) }
            guard !outputs.isEmpty else { return [] }
            var violations: [RuleViolation] = []
            for event in outputs {
                let findings = SecretScanner.findings(in: Cassette(header: trace.header, events: [event]))
                guard let first = findings.first else { continue }
                violations.append(
                    RuleViolation(
                        rule: rule, eventIDs: [event.id],
                        message: "\(event.kind) carries a secret: \(first.message)"))
            }
            return violations
        })
}
