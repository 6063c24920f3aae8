import Foundation

/// The redirect rules of the Fetch standard, shared by the replayed transport
/// and anything that follows redirects by hand.
public enum HTTPRedirect {
    /// The most redirects one request may follow.
    public static let maximumHops = 20

    /// Sends `request` with `send`, following redirects as `URLSession`
    /// does: each 3xx with a `Location` becomes the ``proposedRequest(after:to:)``,
    /// which `delegate` may change or refuse (then the redirect response is
    /// the answer), for at most ``maximumHops`` hops.
    ///
    /// - Parameters:
    ///   - request: The first request.
    ///   - delegate: The app's redirect hook; without one every redirect is followed as proposed.
    ///   - send: Sends one request, without following redirects, and returns its response.
    /// - Returns: The final response.
    /// - Throws: What `send` throws, or ``HTTPTransportError/tooManyRedirects``.
    public static func follow(
        _ request: HTTPRequest, delegate: (any HTTPRedirectDelegate)?,
        send: (HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse
    ) async throws(HTTPTransportError) -> HTTPResponse {
        var current = request
        var hops = 0
        while true {
            let response = try await send(current)
            guard let proposed = proposedRequest(after: response, to: current) else { return response }
            guard hops < maximumHops else { throw .tooManyRedirects }
            hops += 1
            guard let delegate else {
                current = proposed
                continue
            }
            guard let next = await delegate.willPerformRedirection(response, newRequest: proposed, currentRequest: current)
            else { return response }
            current = next
        }
    }

    /// Whether `status` is a redirect a transport follows.
    public static func isRedirect(_ status: Int) -> Bool { [301, 302, 303, 307, 308].contains(status) }

    /// The request a transport proposes after `response` to `request`, or
    /// `nil` when `response` is not a redirect it can follow.
    ///
    /// 301 and 302 turn POST into GET; 303 turns everything but GET and HEAD
    /// into GET; both drop the body and its content headers. 307 and 308 keep
    /// the method and body. A hop to another origin drops `Authorization`.
    /// `Cookie` is always dropped: it is rebuilt from the jar on every hop.
    ///
    /// - Parameters:
    ///   - response: The response that may redirect.
    ///   - request: The request `response` answers.
    /// - Returns: The proposed request, or `nil` when there is nothing to follow.
    public static func proposedRequest(after response: HTTPResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard isRedirect(response.status), let location = response.headers.values(named: "Location").first,
            let base = URL(string: request.urlString), let target = URL(string: location, relativeTo: base)?.absoluteURL
        else { return nil }
        var method = request.method
        var body = request.body
        var dropped: Set<String> = ["cookie"]
        let upper = method.uppercased()
        if (response.status == 301 || response.status == 302) && upper == "POST"
            || response.status == 303 && upper != "GET" && upper != "HEAD"
        {
            method = "GET"
            body = nil
            dropped.formUnion(["content-type", "content-length", "content-encoding", "content-language", "content-location"])
        }
        if origin(of: base) != origin(of: target) { dropped.insert("authorization") }
        let headers = request.headers.filter { !dropped.contains($0.name.lowercased()) }
        return HTTPRequest(method: method, url: target.absoluteString, headers: headers, body: body)
    }

    package static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}
