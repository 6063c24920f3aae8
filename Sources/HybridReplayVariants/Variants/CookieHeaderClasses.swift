import HybridReplay

/// The classes of the cookies a caller puts on its own request, in a
/// `headers` field that lists `{name, value}` objects (as a load request
/// handed to app code does): each cookie renamed to differ only in letter
/// case. Cookie names are case-sensitive (RFC 6265), so `SID` and `sid` are two
/// cookies, and the jar's `sid` still goes with a caller's `SID`.
enum CookieHeaderClasses {
    static func edits(of fields: [String: JSONValue], rebuild: ([String: JSONValue]) -> any EventPayload) -> [VariantEdit] {
        guard case .array(let headers)? = fields["headers"] else { return [] }
        let renamed = headers.map(renamingCookies)
        guard renamed != headers else { return [] }
        var changed = fields
        changed["headers"] = .array(renamed)
        return [VariantEdit("cookie-name-case", nil, "the caller's cookies named in the other letter case", .replace(rebuild(changed)))]
    }

    /// `header` with each cookie name of a `Cookie` header in the other letter case; any other header as it is.
    private static func renamingCookies(_ header: JSONValue) -> JSONValue {
        guard case .object(var object) = header, case .string(let name)? = object["name"], name.lowercased() == "cookie",
            case .string(let value)? = object["value"]
        else { return header }
        let pairs = value.split(separator: ";", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let flipped = pair[..<equals].map { $0.isUppercase ? $0.lowercased() : $0.uppercased() }.joined()
            return flipped + pair[equals...]
        }
        object["value"] = .string(pairs.joined(separator: ";"))
        return .object(object)
    }
}
