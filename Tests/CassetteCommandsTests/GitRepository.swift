import CassetteCommands
import Foundation
import Testing

/// A git repository in a temporary folder, with an identity and no global
/// or system configuration, for tests that commit real revisions.
struct GitRepository {
    static let git = URL(fileURLWithPath: "/usr/bin/git")
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: git.path) }

    var directory: URL

    /// Creates an empty repository on branch `main` in `directory`.
    static func create(in directory: URL) async throws -> GitRepository {
        let repository = GitRepository(directory: directory)
        try await repository.run("init", "--quiet", "--initial-branch=main")
        return repository
    }

    /// Runs git with `arguments`, expecting success.
    @discardableResult
    func run(_ arguments: String...) async throws -> CommandResult {
        let result = try await runAllowingFailure(arguments)
        #expect(result.status == .success, "git \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }

    /// Runs git with `arguments`, whatever its status.
    func runAllowingFailure(_ arguments: [String]) async throws -> CommandResult {
        try await runProcess(
            Self.git, arguments: arguments, in: directory,
            environment: [
                "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": directory.path,
                "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
                "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_PAGER": "cat",
                "NO_COLOR": "1",
            ])
    }

    /// Stages everything and commits it.
    func commitAll(_ message: String) async throws {
        try await run("add", "--all")
        try await run("commit", "--quiet", "--message", message)
    }
}
