import CassetteCommands
import Foundation

exit(await runCassetteTool(contracts: ConformanceContract.references))
