import Foundation

/// Runs git for `cassette review`: which files changed between two
/// revisions, and a file's bytes at a revision.
struct Git {
    /// Where git runs; pathspecs are relative to it.
    var directory: URL
    /// The environment git runs with.
    var environment: [String: String]

    /// A git command that failed: its standard error, trimmed.
    struct Failure: Error {
        var message: String
    }

    /// One file that differs between two revisions.
    struct Change: Hashable {
        /// The path from the repository's root.
        var path: String
        /// Whether the file exists at the old revision.
        var inOld: Bool
        /// Whether the file exists at the new revision.
        var inNew: Bool
    }

    /// Runs git with `arguments` and returns its standard output.
    ///
    /// git writes to temporary files and the call awaits its exit, so no
    /// thread blocks while git runs.
    ///
    /// - Throws: `Failure` with git's message when it exits with another status than 0.
    func run(_ arguments: [String]) async throws(Failure) -> Data {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("cassette-git-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        let process = Process()
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: outputURL)
            try Data().write(to: errorURL)
            process.standardOutput = try FileHandle(forWritingTo: outputURL)
            process.standardError = try FileHandle(forWritingTo: errorURL)
        } catch {
            throw Failure(message: "cannot create a temporary file for git's output: \(error.localizedDescription)")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.environment = environment.merging(["GIT_PAGER": "cat", "LC_ALL": "C"]) { _, set in set }
        process.standardInput = FileHandle.nullDevice
        let started: Bool = await withCheckedContinuation { exited in
            process.terminationHandler = { _ in exited.resume(returning: true) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                exited.resume(returning: false)
            }
        }
        try? (process.standardOutput as? FileHandle)?.close()
        try? (process.standardError as? FileHandle)?.close()
        guard started else { throw Failure(message: "cannot run git") }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let message = String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: message.isEmpty ? "git \(arguments.first ?? "") failed" : message)
        }
        return (try? Data(contentsOf: outputURL)) ?? Data()
    }

    /// The repository's top folder.
    func topLevel() async throws(Failure) -> URL {
        let path = String(decoding: try await run(["rev-parse", "--show-toplevel"]), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// The files that differ between `base` and `head` (the working tree
    /// when `nil`, untracked files included) under `paths`, sorted by path.
    func changes(base: String, head: String?, paths: [String]) async throws(Failure) -> [Change] {
        // Resolving the revisions first gives a clear message for a wrong one.
        for revision in [base] + (head.map { [$0] } ?? []) {
            _ = try await run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        }
        var arguments = ["diff", "--name-status", "--no-renames", "-z", "--no-ext-diff", base]
        if let head { arguments.append(head) }
        arguments += ["--"] + (paths.isEmpty ? ["."] : paths)
        let fields = try await run(arguments).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        var changes: [Change] = []
        var index = 0
        while index + 1 < fields.count {
            let status = fields[index]
            let path = fields[index + 1]
            index += 2
            changes.append(Change(path: path, inOld: !status.hasPrefix("A"), inNew: !status.hasPrefix("D")))
        }
        if head == nil {
            let untracked = try await run(["ls-files", "--others", "--exclude-standard", "--full-name", "-z", "--"] + (paths.isEmpty ? ["."] : paths))
            for path in untracked.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) {
                changes.append(Change(path: path, inOld: false, inNew: true))
            }
        }
        return changes.sorted { $0.path < $1.path }
    }

    /// The bytes of `path` (from the repository's root) at `revision`.
    func contents(of path: String, at revision: String) async throws(Failure) -> Data {
        try await run(["show", "\(revision):\(path)"])
    }
}
