import Foundation
import HybridReplay

/// The names a failed replay's trace and issues are attached under: one stem
/// for the pair, `account.actual.json` and `account.issues.json`, and, when
/// Swift Testing saves attachments into a folder (`--attachments-path`), a
/// stem no file of that folder has yet.
///
/// Swift Testing saves an attachment whose name a file of the folder already
/// has — a second test that replays the same cassette, a second run into the
/// same folder — under a name with a random suffix of its own
/// (`account-1gbucphnmjbfs.actual.json`), another for each file of the pair,
/// so a report naming `account.actual.json` would name some other test's
/// trace. The stem is the trace's, else `account-2`, `account-3`, …: the
/// first whose two files the folder does not hold and no earlier failure of
/// this process took. Without a folder nothing is saved, and the names are
/// the trace's as they are.
enum AttachmentNames {
    /// The folder this process's command line names with `--attachments-path`, if any.
    static let folder: String? = folder(in: CommandLine.arguments)

    /// The folder `arguments` name with `--attachments-path <folder>` or `--attachments-path=<folder>`.
    static func folder(in arguments: [String]) -> String? {
        let option = "--attachments-path"
        for (index, argument) in arguments.enumerated() {
            if argument == option, index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
        }
        return nil
    }

    /// Stems taken in this process, by folder, so two failures at once never pick the same.
    private static let taken = Locked<Set<String>>([])

    /// The names to attach a trace that would be named `traceName`, and its
    /// issues, under; in `folder`, ones no file there has and no earlier call took.
    static func pair(forTrace traceName: String, in folder: String? = AttachmentNames.folder) -> (trace: String, issues: String) {
        let suffix = traceName.hasSuffix(".actual.json") ? ".actual.json" : ""
        let base = String(traceName.dropLast(suffix.count))
        guard let folder else { return (traceName, base + ".issues.json") }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        let chosen = taken.withLock { taken in
            let chosen = stem(base) { candidate in
                !taken.contains(directory.appendingPathComponent(candidate).path)
                    && [suffix, ".issues.json"].allSatisfy {
                        !FileManager.default.fileExists(atPath: directory.appendingPathComponent(candidate + $0).path)
                    }
            }
            taken.insert(directory.appendingPathComponent(chosen).path)
            return chosen
        }
        return (chosen + suffix, chosen + ".issues.json")
    }

    /// `base` when `isFree` says so, else the first free of `base-2`, `base-3`, ….
    static func stem(_ base: String, isFree: (String) -> Bool) -> String {
        if isFree(base) { return base }
        var number = 2
        while !isFree("\(base)-\(number)") { number += 1 }
        return "\(base)-\(number)"
    }
}
