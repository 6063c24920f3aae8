import HybridReplay

/// The classes of a URL's host syntax, each one WebKit really hands to the
/// navigation delegate.
///
/// WebKit parses every URL a page navigates to (WHATWG URL standard,
/// `URLParser::parseHostAndPort`) before the delegate sees it, and which
/// host spellings survive depends on the scheme:
///
/// - a *special* scheme's host (`http`, `https`, `ws`, `wss`, `ftp`) is a
///   domain: lowercased, percent-decoded, IDNA-encoded, its default port
///   dropped. Only a trailing dot (`router.example.com.`) and a port other
///   than the default reach the app as typed;
/// - any other scheme's host (`navigate://present`) is *opaque*: WebKit keeps
///   its letter case, its percent escapes and a `%` that starts none (the
///   standard calls that a validation error, not a failure), and
///   percent-encodes what is not ASCII. The Cocoa URL WebKit hands over is
///   made from those bytes (`CFURLCreateAbsoluteURLWithBytes`), so
///   `navigationAction.request.url` carries them too, while
///   `URLComponents(string:)` rejects the stray `%` outright.
///
/// An app that finds its route by parsing such a URL, or compares its text,
/// does something else for each of these than one that reads the host the
/// way the contract says.
enum URLHostClasses {
    /// The schemes whose hosts WebKit parses as domains; `file` is left out, its host is a path's.
    static let domainSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    private static let asciiLetters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
    private static let alphanumerics = asciiLetters.union("0123456789".unicodeScalars)
    private static let schemeCharacters = alphanumerics.union("+-.".unicodeScalars)

    /// A port that is not the scheme's default, so WebKit keeps it.
    static func otherPort(forScheme scheme: String) -> String {
        ["http": "8080", "ws": "8080", "https": "8443", "wss": "8443", "ftp": "2121"][scheme] ?? "8080"
    }

    /// One edit per class that applies to `url`; none for a URL without a
    /// host, with an IPv6 literal, or of the `file` scheme.
    ///
    /// - Parameters:
    ///   - url: The recorded URL text.
    ///   - rebuild: The event's payload with its URL replaced.
    static func edits(of url: String, rebuild: (String) -> any EventPayload) -> [VariantEdit] {
        guard let separator = url.range(of: "://") else { return [] }
        let scheme = url[..<separator.lowerBound].lowercased()
        // A "://" further on (in a query, say) is not the one after a scheme.
        guard let initial = scheme.unicodeScalars.first, asciiLetters.contains(initial),
            scheme.unicodeScalars.allSatisfy({ schemeCharacters.contains($0) }), scheme != "file"
        else { return [] }
        let authorityEnd = url[separator.upperBound...].firstIndex(where: { "/?#".contains($0) }) ?? url.endIndex
        let authority = url[separator.upperBound..<authorityEnd]
        let hostStart = authority.lastIndex(of: "@").map { url.index(after: $0) } ?? separator.upperBound
        // An IPv6 literal has its own syntax, which WebKit rewrites into one canonical form.
        guard url[hostStart..<authorityEnd].first != "[" else { return [] }
        let portMark = url[hostStart..<authorityEnd].firstIndex(of: ":")
        let hostEnd = portMark ?? authorityEnd
        let host = String(url[hostStart..<hostEnd])
        guard !host.isEmpty else { return [] }

        func with(host changed: String, port: String? = nil) -> String {
            String(url[..<hostStart]) + changed + (port.map { ":" + $0 } ?? "") + String(url[hostEnd...])
        }
        var classes: [(argument: String, url: String, summary: String)] = []
        if domainSchemes.contains(scheme) {
            if let last = host.split(separator: ".").last, !last.allSatisfy(\.isNumber), !host.hasSuffix(".") {
                classes.append(("host-trailing-dot", with(host: host + "."), "its host with a trailing dot"))
            }
        } else {
            if host.uppercased() != host {
                classes.append(("host-capitals", with(host: host.uppercased()), "its host in capitals, which WebKit keeps for this scheme"))
            }
            if let first = host.unicodeScalars.first, alphanumerics.contains(first) {
                let escaped = "%" + String(first.value, radix: 16, uppercase: true)
                classes.append(("host-percent-encoded", with(host: escaped + host.unicodeScalars.dropFirst().map(String.init).joined()), "its host's first letter percent-encoded"))
            }
            classes.append(("host-stray-percent", with(host: host + "%"), "a '%' that starts no escape at the end of its host"))
            classes.append(("host-non-ascii", with(host: host + "%C3%A9"), "its host ending in 'é', which WebKit percent-encodes"))
            if !host.hasSuffix(".") {
                classes.append(("host-trailing-dot", with(host: host + "."), "its host with a trailing dot"))
            }
        }
        if portMark == nil {
            let port = otherPort(forScheme: scheme)
            classes.append(("port", with(host: host, port: port), "an explicit port \(port)"))
        }
        return classes.map { VariantEdit("url", $0.argument, "the URL with \($0.summary)", .replace(rebuild($0.url))) }
    }
}
