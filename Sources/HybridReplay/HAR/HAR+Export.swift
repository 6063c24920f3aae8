import Foundation

extension HAR {
    /// The `http` channel of `cassette` as a HAR 1.2 log, in a fixed layout:
    /// the same cassette and origin always give the same bytes.
    ///
    /// Each `http.request` is one entry, in id order, so every redirect hop is
    /// an entry of its own: the 3xx response with its `Location` as
    /// `redirectURL` and its `Set-Cookie` headers as `cookies`, then the next
    /// request with its `Cookie`. The response or `http.error` answering a
    /// request is the entry's response; a failure is status 0 with `_error`,
    /// as browsers write it. Values stay as the cassette holds them, redaction
    /// placeholders included. Other channels and the cookie store are left out.
    ///
    /// - Parameters:
    ///   - cassette: The cassette to export.
    ///   - origin: The instant the cassette's time 0 stands for, as time since
    ///     1970-01-01T00:00:00Z; each entry starts at `origin` plus its request's `at`.
    /// - Returns: The log's UTF-8 text: 2-space indent, members in the
    ///   order of the specification, a trailing newline.
    public static func export(_ cassette: Cassette, origin: Duration = defaultOrigin) -> [UInt8] {
        var answers: [Int: Event] = [:]
        for event in cassette.events where event.kind == HTTPResponse.eventKind || event.kind == HTTPTransportFailure.eventKind {
            if let request = event.answers { answers[request] = event }
        }
        let answerIDs = Set(answers.values.map(\.id))
        let entries = cassette.events.compactMap { event -> CanonicalNode? in
            guard let request = event.payload(as: HTTPRequest.self) else { return nil }
            let cause = event.cause.flatMap { answerIDs.contains($0) ? $0 : nil }
            return entry(event, request, answer: answers[event.id], cause: cause, origin: origin)
        }
        var log = FieldWriter()
        log.write("version", version)
        log.writeObject("creator") { creator in
            creator.write("name", creatorName)
            creator.write("version", RecordingTool.hybridReplayVersion)
        }
        let redactions = cassette.header.redactions.isEmpty ? "none" : cassette.header.redactions.joined(separator: ", ")
        log.write("comment", "The http channel of the cassette '\(cassette.header.name)'; redactions: \(redactions).")
        log.write("_origin", timestamp(origin))
        log.write("entries", .array(entries))
        var root = FieldWriter()
        root.write("log", log.node)
        var printer = CanonicalPrinter(reservingCapacity: 256 + entries.count * 1_500)
        printer.printDocument(root.node)
        return printer.bytes
    }

    /// `seconds` in whole microseconds, the resolution recorders write,
    /// within ±10^17 (about 3000 years), so no time in a file can overflow.
    static func microseconds(_ seconds: Double) -> Int64 {
        let limit = 1e17
        let microseconds = (seconds * 1_000_000).rounded()
        guard !microseconds.isNaN else { return 0 }
        return Int64(min(max(microseconds, -limit), limit))
    }

    /// The RFC 3339 text of `instant`, in UTC.
    static func timestamp(_ instant: Duration) -> String {
        RFC3339.string(instant) ?? RFC3339.string(defaultOrigin) ?? ""
    }

    private static func entry(
        _ event: Event, _ request: HTTPRequest, answer: Event?, cause: Int?, origin: Duration
    ) -> CanonicalNode {
        let start = microseconds(event.at)
        let started = origin + .microseconds(start)
        let time = answer.map { Double(microseconds($0.at) - start) / 1_000 } ?? 0
        var entry = FieldWriter()
        entry.write("startedDateTime", timestamp(started))
        entry.write("time", time)
        entry.write("request", HARMessage.request(request))
        entry.write("response", HARMessage.response(answer?.payload, to: request, at: started))
        entry.write("cache", .object([]))
        entry.writeObject("timings") { timings in
            // The cassette knows when the answer came, not how the time was spent.
            timings.write("send", 0)
            timings.write("wait", time)
            timings.write("receive", 0)
        }
        entry.writeObject("_cassette") { link in
            link.write("request", event.id)
            link.write("answer", answer?.id)
            link.write("cause", cause)
        }
        return entry.node
    }
}
