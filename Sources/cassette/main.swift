import CassetteCommands
import ReferenceContracts
import Foundation

exit(await runCassetteTool(contracts: ConformanceContract.references))
