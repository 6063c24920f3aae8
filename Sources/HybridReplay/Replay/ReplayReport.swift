/// What a replay found: whether the implementation behaved as recorded, and
/// if not, where it first diverged and how to re-record.
public struct ReplayReport: Sendable, CustomStringConvertible {
    /// The cassette's name.
    public var cassetteName: String
    /// The cassette's path as reports show it, when it came from a file.
    public var cassettePath: String?
    /// The divergences, the first one first; empty when the replay passed.
    public var issues: [ReplayIssue]
    /// What actually happened in the run the issues come from, as a cassette.
    public var trace: Cassette
    /// How many runs were made.
    public var runs: Int
    /// The run (1-based) the issues come from.
    public var run: Int
    /// The command that re-records the cassette.
    public var recordCommand: String?

    /// Whether the implementation behaved as recorded in every run.
    public var passed: Bool { issues.isEmpty }

    /// The cassette as reports name it: its path, or its name.
    public var subject: String { cassettePath ?? cassetteName }

    /// The report as the console shows it (see ``ConsoleIssueRenderer``).
    public var description: String { ConsoleIssueRenderer.lines(of: self).joined(separator: "\n") }
}
