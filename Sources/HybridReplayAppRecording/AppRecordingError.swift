/// Why an app session was not recorded or not written.
///
/// The app keeps running on its live platform: nothing here crashes, and a
/// file already at the destination is left as it was. The code and fields
/// say what happened; ``description`` says it in words, with the fix.
public struct AppRecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of refusal it is, open for new ones.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `CI` is set and the session was not explicitly allowed to record there.
        public static let refusedOnCI = Code(rawValue: "refused-on-ci")
        /// The session's name cannot be a cassette's file name.
        public static let invalidName = Code(rawValue: "invalid-name")
        /// The folder is not an absolute path, is missing and cannot be created, or is not a folder.
        public static let invalidDirectory = Code(rawValue: "invalid-directory")
        /// The recording breaks a rule of the format or would not read back; nothing was written.
        public static let invalidRecording = Code(rawValue: "invalid-recording")
        /// The file system refused the write.
        public static let notWritten = Code(rawValue: "not-written")

        public var description: String { rawValue }
    }

    public var code: Code
    /// The session's name, when the refusal is about one session.
    public var session: String?
    /// The path concerned: the cassette, or the folder.
    public var file: String?
    /// What is wrong, each in a sentence that names the value or event.
    public var problems: [String]

    public init(_ code: Code, session: String?, file: String?, problems: [String]) {
        self.code = code
        self.session = session
        self.file = file
        self.problems = problems
    }

    public var description: String {
        let subject = session.map { "recording '\($0)'" } ?? "app recording"
        let prefix = file.map { "\($0): error: " } ?? "error: "
        switch code {
        case .refusedOnCI:
            return "\(prefix)\(subject) refused: CI is set, so the app records nothing; "
                + "record on a developer machine, or pass `onCI: .record` to record on CI on purpose"
        case .invalidRecording:
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            return "\(prefix)\(subject) was not written (\(count)); the file was left as it was\n"
                + problems.map { "  \($0)\n" }.joined()
                + "Fix the app code, or add a Redaction that hides or rewrites the offending value, then record again."
        default:
            return "\(prefix)\(subject): \(problems.joined(separator: "; "))"
        }
    }
}
