/// A cookie as HAR lists it, for the logs that give cookies but no header.
struct HARCookie {
    var name: String
    var value: String
    var path: String?
    var domain: String?
    var secure: Bool
    var httpOnly: Bool

    /// The `Set-Cookie` header that sets it, without an expiry.
    var setCookieHeader: String {
        var header = "\(name)=\(value)"
        if let path { header += "; Path=\(path)" }
        if let domain { header += "; Domain=\(domain)" }
        if secure { header += "; Secure" }
        if httpOnly { header += "; HttpOnly" }
        return header
    }
}
