import HybridReplay

/// A GitHub Actions workflow command that annotates a file:
/// `::error file=…,line=…,col=…,title=…::message`.
///
/// GitHub reads these from a step's standard output and shows each one on
/// the file in the pull request and the run summary. Values are escaped as
/// the runner expects: `%`, CR and LF everywhere, and `:` and `,` in the
/// properties too.
struct GitHubAnnotation: Sendable, Hashable {
    var file: String
    var line: Int?
    var column: Int?
    var title: String
    var message: String

    /// The workflow command, on one line.
    var command: String {
        var properties = ["file=\(Self.escapeProperty(file))"]
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=\(Self.escapeProperty(title))")
        return "::error \(properties.joined(separator: ","))::\(Self.escapeData(message))"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension CassetteVerification {
    /// The annotations for this cassette: none when it passed, the replay
    /// report on the file when it failed, one per problem when it is unreadable.
    var annotations: [GitHubAnnotation] {
        let path = file.displayPath
        let title = "cassette verify (\(contract ?? "no contract"))"
        switch outcome {
        case .passed:
            return []
        case .failed(let message, let report, _):
            return [GitHubAnnotation(file: path, title: title, message: report.isEmpty ? message : report.joined(separator: "\n"))]
        case .unreadable(let diagnostics, _):
            return diagnostics.map { diagnostic in
                GitHubAnnotation(
                    file: path, line: diagnostic.position?.line, column: diagnostic.position?.column,
                    title: "cassette verify: unreadable cassette", message: diagnostic.message)
            }
        }
    }
}
