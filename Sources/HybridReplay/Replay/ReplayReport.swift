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

    public var description: String {
        guard !passed else {
            return "\(subject): replay passed" + (runs > 1 ? " (\(runs) runs, identical traces)" : "")
        }
        var lines = [
            "\(subject): replay failed" + (runs > 1 ? " in run \(run) of \(runs)" : "") + ": "
                + (issues.count == 1 ? "1 issue" : "\(issues.count) issues")
        ]
        for issue in issues {
            lines += issue.description.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        if let recordCommand {
            lines.append("  If the new behaviour is right, re-record the cassette:")
            lines.append("    \(recordCommand)")
        }
        return lines.joined(separator: "\n")
    }
}
