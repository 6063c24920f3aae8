extension NavigationError {
    package static func read(_ reader: inout FieldReader) -> NavigationError? {
        let domain = reader.string("domain")
        let code = reader.integer("code")
        let message = reader.string("message")
        if let domain, domain.isEmpty { reader.report("domain", "an error domain is not empty, such as 'NSURLErrorDomain'") }
        guard let domain, !domain.isEmpty, let code, let message else { return nil }
        return NavigationError(domain: domain, code: code, message: message)
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("domain", domain)
        writer.write("code", code)
        writer.write("message", message)
    }
}
