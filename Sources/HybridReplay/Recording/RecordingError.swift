/// A recording that was not written, with every reason.
///
/// Nothing is written when there is any problem: a file already at the
/// destination is left as it was.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
    /// Which check refused the recording.
    public struct Stage: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The events break a rule of the format, such as a second reply to one message.
        public static let validation = Stage(rawValue: "validation")
        /// The canonical text would not read back, such as a key holding U+0000
        /// or a body nested deeper than the reader allows.
        public static let rereading = Stage(rawValue: "rereading")
        /// App code called a seam the recorded platform was built without
        /// (`Platform.init`'s defaults), where the call could not fail.
        public static let missingSeam = Stage(rawValue: "missing-seam")
        /// The recorder wrapped platforms holding more than one web view (two
        /// tabs), whose events one cassette cannot tell apart.
        public static let webViews = Stage(rawValue: "web-views")
        /// A value the recorder redacted stands where its placeholder cannot,
        /// such as a secret equal to a navigation policy: writing the event
        /// would reveal it.
        public static let redaction = Stage(rawValue: "redaction")
        /// The file system refused the write.
        public static let writing = Stage(rawValue: "writing")

        public var description: String { rawValue }
    }

    /// The path the recording was to be written to.
    public var file: String
    public var stage: Stage
    /// What is wrong, each naming the event and field, such as
    /// `event 4 (script.reply) cause: script.message 3 already has a reply (event 2); it gets exactly one`.
    public var problems: [String]
    /// For a ``Stage/writing`` error, what the user can do, such as freeing disk space.
    var remedy: String?

    public init(file: String, stage: Stage, problems: [String]) {
        self.file = file
        self.stage = stage
        self.problems = problems
    }

    public var description: String {
        if stage == .writing {
            return "\(file): error: cannot write the recording: \(problems.joined(separator: "; "))"
                + "; the file was left as it was" + (remedy.map { "\n\($0)" } ?? "")
        }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        // Each stage its own advice: a rule the app broke (a second reply) is fixed in the app,
        // and only a value redaction could not hide calls for a Redaction.
        let fix =
            switch stage {
            case .missingSeam: "Pass the seams named to the Platform the recording wraps, then record again."
            case .webViews:
                "Record each web view with a Recorder of its own, into a cassette of its own (one test per tab), "
                    + "then record again."
            case .validation:
                "Fix the app code so its calls keep the rules the problems name (a second reply or decision is "
                    + "one WebKit raises an exception on), then record again."
            case .redaction:
                "Add a Redaction that hides or rewrites the value where its placeholder can stand, or change the "
                    + "app code so the secret is not sent there, then record again."
            case .rereading:
                "Change the app code so the value can be written and read back (the problems name it), then record again."
            case .writing: ""
            default: "Fix what the problems name, then record again."
            }
        return "\(file): error: the recording was not written (\(count)); the file was left as it was\n"
            + problems.map { "  \($0)\n" }.joined() + fix
    }
}

extension RecordingError {
    /// Where `path` stands in `cassette`, in words: `event 4 (script.reply) cause`.
    static func location(of path: JSONPath, in cassette: Cassette) -> String {
        let components = path.components
        guard components.count >= 2, components[0] == .key("events"), case .index(let index) = components[1],
            cassette.events.indices.contains(index)
        else { return path.description }
        let event = cassette.events[index]
        let rest = JSONPath(Array(components.dropFirst(2)))
        return "event \(event.id) (\(event.kind))" + (rest.components.isEmpty ? "" : " \(rest)")
    }
}
