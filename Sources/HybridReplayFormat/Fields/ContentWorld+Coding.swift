/// How format version 2 writes a content world: `"defaultClient"`, or
/// `{"name": "…"}` for a world the app named. The page's world is the
/// default and is left out, so version 1 events read unchanged.
extension ContentWorld {
    /// Reads the optional `contentWorld` member; absent means ``page``.
    package static func read(_ reader: inout FieldReader) -> ContentWorld {
        guard let value = reader.value("contentWorld", required: false) else { return .page }
        switch value {
        case .string("page"): return .page
        case .string("defaultClient"): return .defaultClient
        case .object(let members) where members.count == 1:
            if case .string(let name)? = members["name"] { return .world(name: name) }
        default: break
        }
        reader.report(
            "contentWorld",
            "a content world is 'page', 'defaultClient' or {\"name\": \"<world name>\"}, found \(CanonicalPrinter.compactText(value))")
        return .page
    }

    /// Writes `contentWorld` unless the world is ``page``.
    package func write(_ writer: inout FieldWriter) {
        if let name {
            writer.write("contentWorld", JSONValue.object(["name": .string(name)]))
        } else if self == .defaultClient {
            writer.write("contentWorld", "defaultClient")
        }
    }
}

extension SecurityOrigin {
    package static func read(_ reader: inout FieldReader) -> SecurityOrigin? {
        let scheme = reader.string("protocol")
        let host = reader.string("host")
        let port = reader.integer("port")
        if let port, !(0...65535).contains(port) {
            reader.report("port", "a port is between 0 and 65535, found \(port)")
        }
        guard let scheme, let host, let port, (0...65535).contains(port) else { return nil }
        return SecurityOrigin(protocol: scheme, host: host, port: port)
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("protocol", `protocol`)
        writer.write("host", host)
        writer.write("port", port)
    }
}
