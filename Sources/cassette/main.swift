import CassetteCommands
import Foundation

exit(await CassetteCLI.main(arguments: CommandLine.arguments.dropFirst()).rawValue)
