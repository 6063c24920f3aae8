import Foundation

extension HTTPHeader {
    package static func read(_ reader: inout FieldReader) -> HTTPHeader? {
        let name = reader.string("name")
        let value = reader.string("value")
        guard let name, let value else { return nil }
        if name.isEmpty { reader.report("name", "header name is empty") }
        return HTTPHeader(name, value)
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("name", name)
        writer.write("value", value)
    }
}

extension HTTPBody {
    package var summary: String {
        switch self {
        case .text(let text): "\(byteCount(text.utf8.count)) of text"
        case .json(let value): "json \(value)"
        case .bytes(let data): byteCount(data.count)
        }
    }

    package static func read(_ reader: inout FieldReader) -> HTTPBody? {
        let text = reader.optionalString("text")
        let json = reader.value("json", required: false)
        let base64 = reader.optionalString("base64")
        let present = [text != nil, json != nil, base64 != nil].filter { $0 }.count
        guard present == 1 else {
            reader.report(nil, "a body has exactly one of 'text', 'json' or 'base64'")
            return nil
        }
        if let text { return .text(text) }
        if let json { return .json(json) }
        guard let base64, let data = Data(base64Encoded: base64) else {
            reader.report("base64", "not valid base64")
            return nil
        }
        return .bytes(data)
    }

    package func write(_ writer: inout FieldWriter) {
        switch self {
        case .text(let text): writer.write("text", text)
        case .json(let value): writer.write("json", value)
        case .bytes(let data): writer.write("base64", data.base64EncodedString())
        }
    }
}

/// `1 byte`, `2 bytes`: a count of bytes as a summary reads it.
package func byteCount(_ count: Int) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
}
