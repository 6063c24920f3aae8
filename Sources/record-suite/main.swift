import Foundation
import SuiteRecording

// Everything but reading the process's arguments and exiting lives in
// SuiteRecording, where the tests run it in-process.
let status = await RecordSuiteCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
exit(status.rawValue)
