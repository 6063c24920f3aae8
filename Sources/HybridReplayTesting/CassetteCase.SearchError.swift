import Foundation

extension CassetteCase {
    /// Why a folder gave no cassette to replay.
    ///
    /// ``CassetteCase/all(in:)`` throws it rather than return no cases:
    /// Swift Testing skips a parameterized test without arguments and the
    /// run passes, so a mistyped folder would silently test nothing. Thrown
    /// from a test's `arguments:`, it fails the test with this description.
    public struct SearchError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The folder searched, resolved to an absolute path.
        public var directory: URL
        /// The contract the cassettes had to name, if one was asked for.
        public var contract: String?
        /// Whether the folder exists.
        public var folderExists: Bool
        /// The cassettes the folder does hold, by the contract their header
        /// names (`""` for none); empty when there are none at all.
        public var contractsFound: [String: Int]

        public init(directory: URL, contract: String?, folderExists: Bool, contractsFound: [String: Int] = [:]) {
            self.directory = directory
            self.contract = contract
            self.folderExists = folderExists
            self.contractsFound = contractsFound
        }

        public var description: String {
            let wanted = contract.map { "no cassettes of contract '\($0)' to replay" } ?? "no cassettes to replay"
            let found: String
            let fix: String
            if !folderExists {
                found = "the folder does not exist"
                fix =
                    "a relative folder is found next to the test file that calls CassetteCase.all(in:); "
                    + "correct the path, or record cassettes into the folder first"
            } else if contractsFound.isEmpty {
                found = "the folder holds no .json file"
                fix = "record cassettes into the folder first, or name the folder that holds them"
            } else {
                let total = contractsFound.values.reduce(0, +)
                let names = contractsFound.sorted { $0.key < $1.key }.map { name, count in
                    (name.isEmpty ? "none" : "'\(name)'") + " (\(count))"
                }
                found = "the folder holds \(total) cassette\(total == 1 ? "" : "s"), of contract \(names.joined(separator: ", "))"
                fix =
                    "pass one of those contracts, or add \"contract\": \"\(contract ?? "")\" "
                    + "to the header of each cassette meant for it"
            }
            return "\(directory.path): error: \(wanted): \(found).\nFix: \(fix)."
        }
    }
}
