import Foundation
import HybridReplay

/// The secrets left unredacted in the cassettes a command prints: `show`,
/// `diff`, `review` and `export har`.
///
/// Each cassette is searched as `cassette lint` searches it, as it is read.
/// Every finding goes to standard error as lint reports it, naming the kind
/// of secret and where it stands but never its value, followed by the
/// placeholder the output shows in its place:
///
///     a.json:12:28: warning: header 'Authorization' holds an unredacted credential; redact it (shown as [UNREDACTED SECRET 1])
///
/// The command then prints its cassettes through ``masking(_:)`` and its
/// text through ``scrub(_:)``, so the value reaches neither standard output
/// nor a file it writes. Warnings do not change the exit status.
struct PrintedSecrets {
    private var mask = UnredactedSecretMask()

    /// Reads a cassette from its bytes, reporting the secrets left unredacted in it.
    ///
    /// - Throws: `CassetteReadError` when the bytes are not a cassette, as ``CassetteReader/read(_:path:)``.
    mutating func read(_ bytes: Data, path: String, context: CommandContext) throws(CassetteReadError) -> Cassette {
        let (cassette, warnings, findings) = try context.reader.readScanningSecrets(bytes, path: path)
        mask.add(findings)
        var unmatched = findings
        for warning in warnings {
            var shown = warning
            // The warnings come in file order; each is told apart from the others on its string by its message.
            if let index = unmatched.firstIndex(where: { $0.problem.path == warning.path && $0.problem.message == warning.message })
            {
                let placeholders = mask.placeholders(for: unmatched.remove(at: index))
                if !placeholders.isEmpty { shown.message += " (shown as \(placeholders.joined(separator: ", ")))" }
            }
            context.console.error(shown.description)
        }
        return cassette
    }

    /// `cassette` with every secret found so far replaced by its placeholder.
    func masking(_ cassette: Cassette) -> Cassette {
        mask.masking(cassette)
    }

    /// `text` with every secret found so far replaced by its placeholder,
    /// wherever the cassette it came from did not hold it in a form ``masking(_:)`` rewrites.
    func scrub(_ text: String) -> String {
        mask.scrub(text)
    }
}
