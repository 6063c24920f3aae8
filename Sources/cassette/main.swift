import CassetteCommands
import Foundation
import HybridReplayReference

/// The package's reference implementations, as the contracts `cassette verify` knows.
let contracts = ReferenceContract.all.map {
    ConformanceContract($0.name, summary: $0.summary, recordCommand: { ReferenceContract.recordCommand(forEngine: $0.recordedBy.engine) }, setUp: $0.setUp)
}

exit(await runCassetteTool(contracts: contracts))
