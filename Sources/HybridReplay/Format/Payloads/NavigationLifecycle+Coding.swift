/// The navigation lifecycle of format version 2: `navigation.started`,
/// `navigation.committed`, `navigation.finished`, `navigation.failed` and
/// `navigation.processTerminated`, all stimuli.
extension NavigationStart: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "started")

    public static let eventDirection = Direction.stimulus
}

extension NavigationCommit: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "committed")

    public static let eventDirection = Direction.stimulus
}

extension NavigationFinish: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "finished")

    public static let eventDirection = Direction.stimulus
}

/// A lifecycle step whose only field is the URL the web view reports.
protocol NavigationProgressPayload: StandardPayload {
    var url: String? { get }
    init(url: String?)
}

extension NavigationProgressPayload {
    public var summary: String { url ?? "(no URL)" }

    static func read(_ reader: inout FieldReader) -> Self? { Self(url: reader.optionalString("url")) }

    func write(_ writer: inout FieldWriter) { writer.write("url", url) }
}

extension NavigationFailure: StandardPayload {
    public static let eventKind = EventKind(.navigation, "failed")

    public static let eventDirection = Direction.stimulus

    public var summary: String { "\(phase) \(url ?? "(no URL)"): \(error)" }

    static func read(_ reader: inout FieldReader) -> NavigationFailure? {
        let url = reader.optionalString("url")
        let phase = reader.known("phase", NavigationPhase.self)
        let error = reader.nested("error", NavigationError.read)
        guard let phase, let error else { return nil }
        return NavigationFailure(url: url, phase: phase, error: error)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", url)
        writer.write("phase", phase)
        writer.writeObject("error", error.write)
    }
}

extension NavigationError {
    static func read(_ reader: inout FieldReader) -> NavigationError? {
        let domain = reader.string("domain")
        let code = reader.integer("code")
        let message = reader.string("message")
        if let domain, domain.isEmpty { reader.report("domain", "an error domain is not empty, such as 'NSURLErrorDomain'") }
        guard let domain, !domain.isEmpty, let code, let message else { return nil }
        return NavigationError(domain: domain, code: code, message: message)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("domain", domain)
        writer.write("code", code)
        writer.write("message", message)
    }
}

extension WebContentProcessTermination: FieldlessPayload {
    public static let eventKind = EventKind(.navigation, "processTerminated")

    public static let eventDirection = Direction.stimulus
}
