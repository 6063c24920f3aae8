extension Cookie {
    package var summary: String { "\(name)=\(value) (\(domain)\(path))" }

    package static func read(_ reader: inout FieldReader) -> Cookie? {
        let name = reader.string("name")
        let value = reader.string("value")
        let domain = reader.string("domain")
        let path = reader.string("path")
        let expires = reader.optionalString("expires")
        let secure = reader.bool("secure")
        let httpOnly = reader.bool("httpOnly")
        let sameSite = reader.known("sameSite", SameSitePolicy.self, required: false)
        if let expires, !RFC3339.isValid(expires) {
            reader.report("expires", "expected an RFC 3339 date such as 2026-01-31T12:00:00Z, found '\(expires)'")
        }
        guard let name, let value, let domain, let path, let secure, let httpOnly else { return nil }
        return Cookie(
            name: name, value: value, domain: domain, path: path, expires: expires, secure: secure,
            httpOnly: httpOnly, sameSite: sameSite)
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("name", name)
        writer.write("value", value)
        writer.write("domain", domain)
        writer.write("path", path)
        writer.write("expires", expires)
        writer.write("secure", secure)
        writer.write("httpOnly", httpOnly)
        writer.write("sameSite", sameSite)
    }
}
