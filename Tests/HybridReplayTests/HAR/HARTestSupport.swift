import Foundation
import Testing

@testable import HybridReplay

/// Files and helpers the HAR tests share.
enum HARFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let packageRoot = root.deletingLastPathComponent().deletingLastPathComponent()

    /// The browser-shaped capture: 302 → cross-origin 302 → 302 → 200 with
    /// cookies set and sent across the hops, a failed beacon and a favicon.
    static var shopLogin: URL { root.appendingPathComponent("Fixtures/har/shop-login-redirects.har") }

    /// A real capture by mitmproxy 11 of curl following 302 → cross-origin 302 → 302 → 200
    /// on loopback with a cookie jar (see `Fixtures/har/README.md`).
    static var mitmproxy: URL { root.appendingPathComponent("Fixtures/har/mitmproxy-redirects.har") }

    /// A hand-written example cassette.
    static func example(_ path: String) -> URL { root.appendingPathComponent("Fixtures/examples/\(path)") }

    /// A cassette of the conformance suite in `Cassettes/`.
    static func suite(_ path: String) -> URL { packageRoot.appendingPathComponent("Cassettes/\(path)") }

    static func cassette(_ url: URL) throws -> Cassette {
        try CassetteReader().read(contentsOf: url)
    }

    static func log(_ url: URL) throws -> HARLog {
        try HAR.read(Data(contentsOf: url), path: url.lastPathComponent)
    }

    /// The JSON tree of an exported log.
    static func json(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONReader.platformDefault.read(bytes)
    }

    /// The diagnostics reading `text` as a HAR file gives, as printed.
    static func problems(_ text: String) -> [String] {
        do {
            _ = try HAR.read(Data(text.utf8), path: "x.har")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}

extension JSONValue {
    /// The member at `path`, such as `"log.entries"`; `nil` when absent.
    subscript(path path: String) -> JSONValue? {
        var value: JSONValue? = self
        for key in path.split(separator: ".") {
            if let index = Int(key) { value = value?.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil } }
            else { value = value?.objectValue?[String(key)] }
        }
        return value
    }
}
