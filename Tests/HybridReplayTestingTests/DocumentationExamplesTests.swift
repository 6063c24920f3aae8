import Foundation
import Testing

/// A Swift example in the README or docs/, and the compiled file that must hold it.
struct DocumentationExample: CustomTestStringConvertible, Sendable {
    /// Where the example is, such as `README.md:122`.
    var location: String
    /// The file the example is compiled in, relative to the package root; `nil` when the marker is missing.
    var compiledIn: String?
    var lines: [String]

    var testDescription: String { location }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose examples must compile.
    static func documents() -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    /// Every fenced `swift` block of `document`, with the `<!-- compiled in: … -->` marker before it.
    static func examples(in document: String) -> [DocumentationExample] {
        guard let text = try? String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8) else {
            return [DocumentationExample(location: "\(document): cannot be read", compiledIn: nil, lines: [])]
        }
        let lines = text.components(separatedBy: "\n")
        var examples: [DocumentationExample] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
                index += 1
                continue
            }
            var marker: String?
            var previous = index - 1
            while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
            if previous >= 0 {
                let line = lines[previous].trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("<!-- compiled in: "), line.hasSuffix(" -->") {
                    marker = String(line.dropFirst("<!-- compiled in: ".count).dropLast(" -->".count))
                }
            }
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            examples.append(
                DocumentationExample(
                    location: "\(document):\(index + 1)", compiledIn: marker, lines: Array(lines[(index + 1)..<min(end, lines.count)])))
            index = end + 1
        }
        return examples
    }

    static var all: [DocumentationExample] { documents().flatMap(examples(in:)) }

    /// Lines as compared: trimmed, without blank lines and lines that are only a comment.
    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }
}

@Suite("Documentation examples")
struct DocumentationExamplesTests {
    @Test("the README and docs have Swift examples to check")
    func examplesAreFound() {
        let all = DocumentationExample.all
        #expect(all.count >= 8, "found \(all.map(\.location))")
        #expect(all.contains { $0.location.hasPrefix("README.md:") })
    }

    @Test("every Swift example in the README and docs/ is, line for line, code that this package compiles", arguments: DocumentationExample.all)
    func exampleIsCompiled(_ example: DocumentationExample) throws {
        let path = try #require(
            example.compiledIn,
            "\(example.location): a Swift example needs a '<!-- compiled in: <file> -->' line before it, naming the compiled file that holds it")
        let file = DocumentationExample.packageRoot.appendingPathComponent(path)
        let source = try #require(
            try? String(contentsOf: file, encoding: .utf8), "\(example.location): the compiled file \(path) does not exist")
        let compiled = DocumentationExample.normalized(source.components(separatedBy: "\n"))
        let shown = DocumentationExample.normalized(example.lines)
        let imports = shown.filter { $0.hasPrefix("import ") }
        let code = shown.filter { !$0.hasPrefix("import ") }
        for line in imports {
            #expect(compiled.contains(line), "\(example.location): \(path) lacks '\(line)'")
        }
        #expect(!code.isEmpty, "\(example.location): the example has no code")
        let found = compiled.indices.contains { start in
            compiled[start...].starts(with: code)
        }
        #expect(found, "\(example.location): \(path) does not contain the example's code as shown:\n\(code.joined(separator: "\n"))")
    }
}

@Suite("Documentation links")
struct DocumentationLinksTests {
    /// The relative link targets of `document`, without their `#fragment`.
    static func relativeLinks(in document: String) throws -> [String] {
        let text = try String(contentsOf: DocumentationExample.packageRoot.appendingPathComponent(document), encoding: .utf8)
        var links: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close])
            rest = rest[close...]
            guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
            links.append(String(target.split(separator: "#", maxSplits: 1).first ?? ""))
        }
        return links
    }

    @Test("every relative link in the README and docs/ names a file or folder of the package", arguments: DocumentationExample.documents())
    func linksResolve(_ document: String) throws {
        let folder = DocumentationExample.packageRoot.appendingPathComponent(document).deletingLastPathComponent()
        let links = try Self.relativeLinks(in: document)
        for link in links {
            let target = folder.appendingPathComponent(link).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(document) links to \(link), which does not exist")
        }
    }

    @Test("the README links to its documents")
    func readmeHasLinks() throws {
        let links = try Self.relativeLinks(in: "README.md")
        #expect(links.contains("docs/xcode.md") && links.contains("docs/real-engines.md"), "\(links)")
    }
}
