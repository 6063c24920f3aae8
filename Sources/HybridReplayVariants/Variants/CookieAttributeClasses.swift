import HybridReplay

/// The `Set-Cookie` attributes a response's cookies are varied by: `Max-Age`
/// as a lifetime, zero, negative and not an integer (RFC 6265 §5.2.2 ignores
/// it), `Max-Age` beside an `Expires` it beats, an `Expires` in the past, and
/// `Secure`. A loader that reads the jar gets another expiry, or no cookie,
/// on the next hop: what the cookies are worth is what the reference decides.
enum CookieAttributeClasses {
    static let classes: [(name: String, attributes: String)] = [
        ("max-age", "Max-Age=3600"), ("max-age-zero", "Max-Age=0"), ("max-age-negative", "Max-Age=-1"),
        ("max-age-fraction", "Max-Age=1.5"), ("max-age-beats-expires", "Expires=Wed, 01 Jan 2031 00:00:00 GMT; Max-Age=60"),
        ("expires-past", "Expires=Thu, 01 Jan 1970 00:00:00 GMT"), ("secure", "Secure"),
    ]

    /// One edit per class that appends its attributes to every `Set-Cookie`
    /// header of `response`; none when it sets no cookie. An attribute given
    /// twice counts once, the last one (§5.3), so the appended one wins.
    static func edits(of response: HTTPResponse) -> [VariantEdit] {
        guard response.headers.contains(where: isSetCookie) else { return [] }
        return classes.map { variantClass in
            var variant = response
            for index in variant.headers.indices where isSetCookie(variant.headers[index]) {
                variant.headers[index].value += "; " + variantClass.attributes
            }
            return VariantEdit(
                "cookie-attribute", variantClass.name, "its cookies set with \(variantClass.attributes)", .replace(variant))
        }
    }

    private static func isSetCookie(_ header: HTTPHeader) -> Bool { header.name.lowercased() == "set-cookie" }
}
