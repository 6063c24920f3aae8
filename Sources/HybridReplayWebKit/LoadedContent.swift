import Foundation
import HybridReplaySeams

/// Content the app loads directly (`load(_:mimeType:characterEncodingName:baseURL:)`):
/// its bytes and the type and encoding its `Content-Type` header names.
package struct LoadedContent: Sendable, Hashable {
    package var data: Data
    package var mimeType: String
    package var characterEncoding: String

    /// - Parameters:
    ///   - body: The content; JSON is written compactly with sorted keys.
    ///   - headers: Where `Content-Type` is read from; `text/html; charset=utf-8` without one.
    package init(body: HTTPBody, headers: [HTTPHeader]) {
        switch body {
        case .text(let text): data = Data(text.utf8)
        case .json(let value): data = Data(value.description.utf8)
        case .bytes(let bytes): data = bytes
        }
        let defaultType = if case .json = body { "application/json" } else { "text/html" }
        mimeType = Self.mimeType(headers) ?? defaultType
        characterEncoding = Self.parameter("charset", in: headers) ?? "utf-8"
    }

    /// The media type of the first `Content-Type` header, lowercased, without parameters.
    package static func mimeType(_ headers: [HTTPHeader]) -> String? {
        guard let value = headers.values(named: "Content-Type").first else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private static func parameter(_ name: String, in headers: [HTTPHeader]) -> String? {
        guard let value = headers.values(named: "Content-Type").first else { return nil }
        for part in value.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
            }
        }
        return nil
    }
}
