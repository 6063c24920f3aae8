import CassetteCommands
import HybridReplayReference

extension ConformanceContract {
    /// The contract of a reference implementation, with the command that re-records a cassette of it,
    /// chosen by the engine the cassette's header says recorded it.
    ///
    /// - Parameter reference: One of the package's reference implementations.
    package init(_ reference: ReferenceContract) {
        self.init(
            reference.name, summary: reference.summary,
            recordCommand: { header in ReferenceContract.recordCommand(forEngine: header.recordedBy.engine) },
            setUp: reference.setUp)
    }

    /// The package's reference implementations, and the seed pages loaded in front of
    /// them, as the package's own `cassette verify` knows them.
    package static var references: [ConformanceContract] {
        ReferenceContract.all.map(ConformanceContract.init) + seedPages
    }
}
