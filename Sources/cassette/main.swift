import CassetteCommands
import Foundation

exit(CassetteCLI.main(arguments: CommandLine.arguments.dropFirst()).rawValue)
