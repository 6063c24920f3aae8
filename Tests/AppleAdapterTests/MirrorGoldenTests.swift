import Foundation
import Testing

@Suite("The CoreLocation mirror")
struct MirrorGoldenTests {
    @Test("every declaration cites an Apple documentation page and shows Apple's declaration")
    func everyDeclarationHasASource() throws {
        let declarations = try MirrorDeclaration.all()
        #expect(declarations.count > 40, "found only \(declarations.count) declarations")
        for declaration in declarations where declaration.mirrorOnly == nil {
            let source = try #require(declaration.source, "\(declaration): no '// Source:' line")
            #expect(
                source.hasPrefix("https://developer.apple.com/documentation/"),
                "\(declaration): the source is not an Apple documentation page: \(source)")
            #expect(declaration.apple != nil, "\(declaration): no '// Apple:' line")
        }
    }

    @Test("each declaration is spelled as Apple's: name, labels, types, and whether it can be set")
    func declarationsMatchApple() throws {
        for declaration in try MirrorDeclaration.all() {
            guard let (apple, accessors) = declaration.appleComparable else { continue }
            var code = declaration.declaration
            if code.hasPrefix("case "), let value = code.range(of: " = ") { code = String(code[..<value.lowerBound]) }
            let isType = ["class ", "struct ", "enum ", "protocol "].contains { apple.hasPrefix($0) }
            let matches = isType ? (code == apple || code.hasPrefix(apple + ":")) : code == apple
            #expect(matches, "\(declaration): the mirror declares '\(code)', Apple '\(apple)'")
            if accessors == " { get }" {
                #expect(
                    declaration.isComputed || code.hasPrefix("let ") || code.hasPrefix("static "),
                    "\(declaration): Apple's is read-only, the mirror's can be set")
            } else if accessors == " { get set }" {
                #expect(!declaration.isComputed, "\(declaration): Apple's can be set, the mirror's is computed")
            }
        }
    }

    @Test("the declarations are the golden list's, line for line")
    func declarationsMatchTheGoldenList() throws {
        let golden = try String(contentsOf: MirrorDeclaration.goldenFile, encoding: .utf8)
            .components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let actual = try MirrorDeclaration.all().map(\.goldenLine)
        let missing = golden.filter { !actual.contains($0) }
        let extra = actual.filter { !golden.contains($0) }
        #expect(
            missing.isEmpty && extra.isEmpty,
            """
            the mirror and Tests/AppleAdapterTests/Golden/corelocation.txt differ.
            In the golden list only:\n\(missing.joined(separator: "\n"))
            In the mirror only:\n\(extra.joined(separator: "\n"))
            """)
        #expect(golden.count == actual.count, "the golden list has \(golden.count) lines, the mirror \(actual.count) declarations")
    }

    @Test("a declaration without a source is found and named")
    func missingSourceIsFound() {
        let parsed = MirrorDeclaration.parse(
            """
            // Source: https://developer.apple.com/documentation/corelocation/clfloor
            // Apple: class CLFloor
            open class CLFloor: NSObject {
                open var level: Int { 0 }
            }
            """, file: "Example.swift")
        #expect(parsed.count == 2)
        #expect(parsed.first?.source == "https://developer.apple.com/documentation/corelocation/clfloor")
        #expect(parsed.last?.source == nil)
        #expect(parsed.last?.container == "CLFloor")
        #expect(parsed.last?.location == "Example.swift:4")
    }

    @Test("a declaration spelled differently from Apple's is told apart")
    func mismatchIsTold() throws {
        let parsed = MirrorDeclaration.parse(
            """
            // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/requestlocation()
            // Apple: func requestLocation()
            open func requestLocation(now: Bool) {}
            """, file: "Example.swift")
        let declaration = try #require(parsed.first)
        #expect(declaration.declaration != declaration.appleComparable?.text)
    }
}
