import Foundation
import Testing

/// The WebKit mirror's declarations, read from its sources: each `// Source:`
/// comment and the declaration on the line after it.
struct MirrorDeclarations {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let mirror = packageRoot.appendingPathComponent("Sources/AppleMirrorWebKit")
    static let golden = packageRoot.appendingPathComponent("Tests/AppleWebKitAdapterTests/Golden/webkit.txt")

    /// `File: declaration` lines, in file then line order.
    var declarations: [String] = []
    /// Declarations with neither a `// Source:` nor a `// Mirror-only:` comment above them.
    var uncited: [String] = []
    /// `// Source:` comments that cite neither WebKit's repository nor Apple's documentation.
    var vagueSources: [String] = []

    init() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.mirror.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        for file in files {
            let lines = try String(contentsOf: Self.mirror.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = String(file.dropLast(".swift".count))
            for (index, line) in lines.enumerated() where Self.isDeclaration(line) {
                let comment = index > 0 ? lines[index - 1] : ""
                if comment.hasPrefix("// Source:") {
                    declarations.append("\(name): \(Self.signature(line))")
                    if !comment.contains("WebKit/WebKit Source/WebKit/") && !comment.contains("developer.apple.com") {
                        vagueSources.append("\(file):\(index): \(comment)")
                    }
                } else if !comment.hasPrefix("// Mirror-only:") {
                    uncited.append("\(file):\(index + 1): \(line)")
                }
            }
        }
    }

    static func isDeclaration(_ line: String) -> Bool {
        let starts = ["@MainActor", "open ", "public ", "weak ", "nonisolated ", "@discardableResult", "case ", "func ", "private init"]
        return starts.contains { line.hasPrefix($0) }
    }

    /// The declaration without its body.
    static func signature(_ line: String) -> String {
        guard !line.hasPrefix("case "), let brace = line.range(of: " {") else { return line }
        return String(line[..<brace.lowerBound])
    }
}

@Suite("AppleMirrorWebKit golden list")
struct MirrorGoldenListTests {
    @Test("the mirror declares exactly the WebKit API in Golden/webkit.txt")
    func mirrorMatchesGoldenList() throws {
        let mirror = try MirrorDeclarations()
        let golden = try String(contentsOf: MirrorDeclarations.golden, encoding: .utf8)
            .components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(mirror.declarations.count >= 60, "the mirror lost declarations: \(mirror.declarations.count)")
        let missing = golden.filter { !mirror.declarations.contains($0) }
        let unlisted = mirror.declarations.filter { !golden.contains($0) }
        #expect(missing.isEmpty, "in Golden/webkit.txt but not declared by the mirror: \(missing)")
        #expect(unlisted.isEmpty, "declared by the mirror but not in Golden/webkit.txt: \(unlisted)")
        #expect(mirror.declarations == golden, "same declarations, different order: regenerate Golden/webkit.txt")
    }

    @Test("every mirror declaration cites its source or says it is mirror-only")
    func everyDeclarationIsCited() throws {
        let mirror = try MirrorDeclarations()
        #expect(mirror.uncited.isEmpty, "declarations without a // Source: line: \(mirror.uncited)")
        #expect(mirror.vagueSources.isEmpty, "sources that name neither WebKit's repository nor Apple's documentation: \(mirror.vagueSources)")
    }

    @Test("a declaration without a source comment is caught")
    func uncitedDeclarationIsCaught() {
        #expect(MirrorDeclarations.isDeclaration("open func load(_ request: URLRequest) -> WKNavigation? { nil }"))
        #expect(MirrorDeclarations.isDeclaration("case allow = 1"))
        #expect(!MirrorDeclarations.isDeclaration("// Source: somewhere"))
        #expect(MirrorDeclarations.signature("open var name: String { storedName }") == "open var name: String")
    }
}
