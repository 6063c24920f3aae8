/// A HAR log as the importer reads it: who wrote it, and each entry's
/// request, answer and timing.
///
/// Read one with ``HAR/read(_:path:json:)`` and turn it into a cassette
/// with ``cassette(name:source:)``.
public struct HARLog: Sendable {
    /// `creator.name`, such as `WebInspector` or `HybridReplay`.
    public var creatorName: String
    /// `creator.version`.
    public var creatorVersion: String
    /// The instant a HybridReplay log's time 0 stands for (`_origin`), in
    /// microseconds since 1970; `nil` for other logs, whose first entry is time 0.
    var origin: Int64?
    /// The entries, in file order.
    var entries: [HAREntry]

    /// Whether HybridReplay wrote the log, so its `_` fields may be read.
    var isFromHybridReplay: Bool { creatorName == HAR.creatorName }

    /// How many entries the log holds.
    public var entryCount: Int { entries.count }
}

/// One entry of a HAR log: a request and what answered it.
struct HAREntry: Sendable {
    /// What answered the request.
    enum Answer: Sendable {
        case response(HTTPResponse)
        case failure(HTTPTransportFailure)
        /// A HybridReplay log's request that the cassette ended before answering.
        case none
    }

    /// The ids HybridReplay wrote in `_cassette`: the events the entry came from.
    struct Link: Sendable {
        var request: Int
        var answer: Int?
        var cause: Int?
    }

    /// Where the entry stands, `log.entries[i]`.
    var path: JSONPath
    /// `startedDateTime`, in microseconds since 1970.
    var started: Int64
    /// `time`, in microseconds, never negative.
    var time: Int64
    var request: HTTPRequest
    var answer: Answer
    /// `redirectURL`, or the `Location` header when it is empty.
    var redirectURL: String
    /// `_cassette`, read from HybridReplay logs only.
    var link: Link?
}
