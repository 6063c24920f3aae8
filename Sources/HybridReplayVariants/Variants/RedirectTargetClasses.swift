import Foundation
import HybridReplay

/// The classes of where a redirect hop sends the client: another host,
/// another path on the same host, and the same URL over plain `http`.
///
/// What a request carries on the next hop depends on where it goes: the
/// cookies that apply to that URL (RFC 6265 domain, path and `Secure`
/// matching), no `Authorization` on another origin (Fetch), and none of the
/// cookies the caller put on the first request, which were meant for the
/// first URL. A loader that carries the caller's cookies, the first hop's
/// cookies or its credentials along every hop does what the reference does
/// only while every hop stays where the first one was.
enum RedirectTargetClasses {
    /// The host another-host hops go to.
    static let otherHost = "elsewhere.example.net"

    /// One edit per class for `response`, a redirect hop that answers the request `answered`; none for any other response.
    static func edits(of response: HTTPResponse, answering answered: HTTPRequest?) -> [VariantEdit] {
        guard HTTPRedirect.isRedirect(response.status), let answered,
            let index = response.headers.firstIndex(where: { $0.name.lowercased() == "location" }),
            let base = URL(string: answered.urlString),
            let target = URL(string: response.headers[index].value, relativeTo: base)?.absoluteURL,
            var components = URLComponents(url: target, resolvingAgainstBaseURL: false), let host = components.host
        else { return [] }
        var classes: [(name: String, location: String, summary: String)] = []
        let recordedHost = host
        components.host = host == otherHost ? "another." + otherHost : otherHost
        if let url = components.string { classes.append(("other-host", url, "to another host")) }
        components.host = recordedHost
        let path = target.path.hasPrefix("/elsewhere") ? "/other" : "/elsewhere"
        classes.append(("other-path", path, "to another path on the same host"))
        if components.scheme?.lowercased() == "https" {
            components.scheme = "http"
            if let url = components.string { classes.append(("http", url, "to the same URL over plain http")) }
        }
        return classes.map { redirect in
            var variant = response
            variant.headers[index].value = redirect.location
            return VariantEdit("redirect-target", redirect.name, "the redirect goes \(redirect.summary)", .replace(variant))
        }
    }
}
