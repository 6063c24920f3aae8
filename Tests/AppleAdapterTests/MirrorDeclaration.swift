import Foundation

/// One `public`/`open` declaration of the CoreLocation mirror, with the
/// comments that say where its signature comes from.
struct MirrorDeclaration: Hashable, CustomStringConvertible {
    /// Where it is, such as `CLLocation.swift:42`.
    var location: String
    /// The enclosing types, such as `CLError.Code`; empty at file scope.
    var container: String
    /// The declaration as written, without `public`/`open` and body.
    var declaration: String
    /// Whether the line has a body: a computed property, a function, a type.
    var isComputed: Bool
    var source: String?
    var apple: String?
    var mirrorOnly: String?

    /// The line the golden list holds for it.
    var goldenLine: String {
        "\(container.isEmpty ? "-" : container) | \(declaration) | \(source ?? "mirror-only: \(mirrorOnly ?? "?")")"
    }

    var description: String { location }

    static let mirrorDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AppleMirrorCoreLocation")

    static let goldenFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Golden/corelocation.txt")

    /// Every declaration in the mirror's source files, in file-name then line order.
    static func all() throws -> [MirrorDeclaration] {
        let files = try FileManager.default.contentsOfDirectory(atPath: mirrorDirectory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { file in
            try parse(String(contentsOf: mirrorDirectory.appendingPathComponent(file), encoding: .utf8), file: file)
        }
    }

    /// The declarations of one source file.
    static func parse(_ text: String, file: String) -> [MirrorDeclaration] {
        var found: [MirrorDeclaration] = []
        var source: String?, apple: String?, mirrorOnly: String?
        var depth = 0
        var containers: [(name: String, depth: Int, isProtocol: Bool)] = []
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("// Source: ") {
                source = String(line.dropFirst("// Source: ".count))
            } else if line.hasPrefix("// Apple: ") {
                apple = String(line.dropFirst("// Apple: ".count))
            } else if line.hasPrefix("// Mirror-only: ") {
                mirrorOnly = String(line.dropFirst("// Mirror-only: ".count))
            } else if line.hasPrefix("//") || line.isEmpty {
                // Other comments and blank lines keep the pending source.
            } else {
                let inProtocol = containers.last?.isProtocol == true && containers.last?.depth == depth - 1
                if let declaration = declaration(line, isRequirement: inProtocol) {
                    found.append(
                        MirrorDeclaration(
                            location: "\(file):\(index + 1)", container: containers.map(\.name).joined(separator: "."),
                            declaration: declaration.text, isComputed: declaration.isComputed, source: source,
                            apple: apple, mirrorOnly: mirrorOnly))
                    if let type = declaration.typeName, line.hasSuffix("{") {
                        containers.append((type, depth, declaration.text.hasPrefix("protocol ")))
                    }
                }
                source = nil
                apple = nil
                mirrorOnly = nil
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            while let last = containers.last, depth <= last.depth { containers.removeLast() }
        }
        return found
    }

    private static let typeKeywords = ["class ", "struct ", "enum ", "protocol "]

    /// The declaration on `line` without access modifiers, body or initial value;
    /// in a protocol (`isRequirement`), requirements have no modifiers.
    private static func declaration(_ line: String, isRequirement: Bool) -> (
        text: String, isComputed: Bool, typeName: String?
    )? {
        var text = line
        var isPublic = false
        for modifier in ["public ", "open "] where text.hasPrefix(modifier) {
            text.removeFirst(modifier.count)
            isPublic = true
        }
        let isMember = ["case ", "func ", "var ", "init("].contains { text.hasPrefix($0) }
        guard isPublic || text.hasPrefix("case ") || (isRequirement && isMember) else { return nil }
        var isComputed = false
        if let brace = text.range(of: " {") {
            isComputed = true
            text = String(text[..<brace.lowerBound])
        }
        let isStorage = text.hasPrefix("var ") || text.hasPrefix("let ") || text.hasPrefix("weak var ")
            || text.hasPrefix("static var ")
        if isStorage, let value = text.range(of: " = ") { text = String(text[..<value.lowerBound]) }
        let typeName = typeKeywords.first { text.hasPrefix($0) }.map { keyword in
            String(text.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        return (text, isComputed, typeName)
    }

    /// Apple's declaration as it must read in the mirror: `optional` (which
    /// the mirror models with defaults) and the accessor clause dropped, and
    /// `Name : Protocol` spaced as Swift source usually is.
    var appleComparable: (text: String, accessors: String?)? {
        guard var text = apple else { return nil }
        if text.hasPrefix("optional ") { text.removeFirst("optional ".count) }
        var accessors: String?
        for clause in [" { get set }", " { get }"] where text.hasSuffix(clause) {
            accessors = clause
            text.removeLast(clause.count)
        }
        return (text.replacingOccurrences(of: " : ", with: ": ").replacingOccurrences(of: "[String: Any]", with: "[String : Any]"), accessors)
    }
}
