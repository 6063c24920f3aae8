import HybridReplay
import Testing

/// Names the cassette a test replays, so `replayCassette` needs no name.
///
/// ```swift
/// @Test("presents yellow", .cassette("navigate-present"))
/// func presentsYellow() async {
///     await replayCassette { Router(platform: $0) }
/// }
/// ```
///
/// The trait does nothing but set ``CassetteScope/current`` while the test
/// runs; on a suite it applies to every test in it.
public struct CassetteTrait: TestTrait, SuiteTrait, TestScoping {
    /// What the test's `replayCassette` calls use by default.
    public var scope: CassetteScope

    public init(scope: CassetteScope) { self.scope = scope }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await CassetteScope.$current.withValue(scope) {
            try await function()
        }
    }
}

extension Trait where Self == CassetteTrait {
    /// The cassette `name` for this test or suite.
    ///
    /// - Parameters:
    ///   - name: The cassette's name; its file is `<directory>/<name>.json`.
    ///   - directory: The folder it is in: absolute, or relative to the folder of
    ///     the test file; `Cassettes` next to the test file by default.
    ///   - record: The record mode in place of `HYBRIDREPLAY_RECORD`; `CI` still
    ///     forces ``RecordMode/never``.
    ///   - options: How to replay, unless a call passes its own.
    /// - Returns: The trait.
    public static func cassette(
        _ name: String, directory: String? = nil, record: RecordMode? = nil, options: ReplayOptions? = nil
    ) -> Self {
        CassetteTrait(scope: CassetteScope(name: name, directory: directory, record: record, options: options))
    }
}
