import HybridReplay

/// An implementation a folder of cassettes is verified against: the name a
/// cassette's header gives in `contract`, and how to build the
/// implementation on the replayed platform.
///
/// `cassette verify` knows the package's reference contracts; a package
/// verifies its own implementations with an executable of its own that
/// passes its contracts to ``runCassetteTool(contracts:arguments:)``.
public struct ConformanceContract: Sendable {
    /// The name cassettes give in their header's `contract`, such as `navigation-router`.
    public var name: String
    /// What the implementation does, in a sentence.
    public var summary: String
    /// Builds the implementation on the replayed platform and registers its
    /// handlers; what it returns is kept alive until the replay ends.
    public var setUp: @Sendable (Platform) async throws -> any Sendable
    /// The command that re-records a cassette of this contract, shown in
    /// failure reports; `nil` when there is none to show.
    public var recordCommand: @Sendable (CassetteHeader) -> String?

    /// Creates a contract.
    ///
    /// - Parameters:
    ///   - name: The name cassettes give in their header's `contract`.
    ///   - summary: What the implementation does.
    ///   - recordCommand: The re-record command for a cassette of this contract, if any.
    ///   - setUp: Builds the implementation on the replayed platform.
    public init(
        _ name: String, summary: String = "", recordCommand: @escaping @Sendable (CassetteHeader) -> String? = { _ in nil },
        setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) {
        self.name = name
        self.summary = summary
        self.recordCommand = recordCommand
        self.setUp = setUp
    }
}

/// The contracts a run of the tool verifies against, by name.
package struct ContractSet: Sendable {
    private let byName: [String: ConformanceContract]

    package init(_ contracts: [ConformanceContract]) {
        var byName: [String: ConformanceContract] = [:]
        // The first of a name wins, so a package can put its own before the ones it extends.
        for contract in contracts where byName[contract.name] == nil { byName[contract.name] = contract }
        self.byName = byName
    }

    package subscript(name: String) -> ConformanceContract? { byName[name] }

    /// The names, sorted, comma-separated; `(none)` without any.
    package var names: String { byName.isEmpty ? "(none)" : byName.keys.sorted().joined(separator: ", ") }
}
