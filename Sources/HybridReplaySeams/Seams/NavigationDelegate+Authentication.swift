/// An authentication challenge the web view asks the navigation delegate to
/// answer: `webView(_:didReceive:completionHandler:)`, called when a server
/// asks for HTTP Basic or Digest credentials (an intranet sign-in) or when
/// the app may evaluate the server's certificate itself (pinning).
///
/// WebKit passes a `URLAuthenticationChallenge`; the seam keeps what a
/// delegate reads from it: its protection space (host, port, protocol, realm
/// and authentication method) and how many answers have failed before.
public struct AuthenticationChallenge: Sendable, Hashable {
    /// The host that asks, such as `intranet.example`.
    public var host: String
    /// The port, such as 443.
    public var port: Int
    /// The protocol of the protection space, such as `https`; `nil` for a proxy.
    public var `protocol`: String?
    /// The realm a Basic or Digest server names (`WWW-Authenticate: Basic realm="…"`), if any.
    public var realm: String?
    /// How the server asks to be answered.
    public var method: AuthenticationMethod
    /// How many answers to this protection space have already failed (`previousFailureCount`).
    public var previousFailureCount: Int

    public init(
        host: String, port: Int, protocol: String? = "https", realm: String? = nil, method: AuthenticationMethod,
        previousFailureCount: Int = 0
    ) {
        self.host = host
        self.port = port
        self.protocol = `protocol`
        self.realm = realm
        self.method = method
        self.previousFailureCount = previousFailureCount
    }
}

/// How a server asks to be answered: Foundation's `NSURLAuthenticationMethod…` constants.
public struct AuthenticationMethod: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `NSURLAuthenticationMethodDefault`.
    public static let `default` = AuthenticationMethod(rawValue: "default")
    /// `NSURLAuthenticationMethodHTTPBasic`.
    public static let httpBasic = AuthenticationMethod(rawValue: "httpBasic")
    /// `NSURLAuthenticationMethodHTTPDigest`.
    public static let httpDigest = AuthenticationMethod(rawValue: "httpDigest")
    /// `NSURLAuthenticationMethodHTMLForm`.
    public static let htmlForm = AuthenticationMethod(rawValue: "htmlForm")
    /// `NSURLAuthenticationMethodNTLM`.
    public static let ntlm = AuthenticationMethod(rawValue: "ntlm")
    /// `NSURLAuthenticationMethodNegotiate`.
    public static let negotiate = AuthenticationMethod(rawValue: "negotiate")
    /// `NSURLAuthenticationMethodClientCertificate`.
    public static let clientCertificate = AuthenticationMethod(rawValue: "clientCertificate")
    /// `NSURLAuthenticationMethodServerTrust`: the app may evaluate the server's certificate chain.
    public static let serverTrust = AuthenticationMethod(rawValue: "serverTrust")
    public static let known: [AuthenticationMethod] = [
        .default, .httpBasic, .httpDigest, .htmlForm, .ntlm, .negotiate, .clientCertificate, .serverTrust,
    ]
    public static let valueName = "authentication method"
}

/// What the delegate does with a challenge: `URLSession.AuthChallengeDisposition`.
public struct AuthenticationDisposition: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Answer with the credential given.
    public static let useCredential = AuthenticationDisposition(rawValue: "useCredential")
    /// Let the web view do what it does without a delegate (what a delegate that does not implement the method answers).
    public static let performDefaultHandling = AuthenticationDisposition(rawValue: "performDefaultHandling")
    /// Cancel the request: the load fails.
    public static let cancelAuthenticationChallenge = AuthenticationDisposition(rawValue: "cancelAuthenticationChallenge")
    /// Reject this protection space and let the web view try the next one.
    public static let rejectProtectionSpace = AuthenticationDisposition(rawValue: "rejectProtectionSpace")
    public static let known: [AuthenticationDisposition] = [
        .useCredential, .performDefaultHandling, .cancelAuthenticationChallenge, .rejectProtectionSpace,
    ]
    public static let valueName = "authentication disposition"
}

/// The credential an answer gives: a user and password (`URLCredential(user:password:persistence:)`)
/// or trust in the server's certificate chain (`URLCredential(trust:)`).
public struct AuthenticationCredential: Sendable, Hashable {
    /// The user name of a password credential.
    public var user: String?
    /// The password of a password credential. The recorder never writes it:
    /// it is a secret wherever it appears (see `docs/secrets.md`).
    public var password: String?
    /// Whether the credential trusts the server's certificate chain (a server-trust answer).
    public var trustsServer: Bool

    public init(user: String? = nil, password: String? = nil, trustsServer: Bool = false) {
        self.user = user
        self.password = password
        self.trustsServer = trustsServer
    }

    /// A user and password, as `URLCredential(user:password:persistence:)`.
    public static func password(user: String, password: String) -> AuthenticationCredential {
        AuthenticationCredential(user: user, password: password)
    }

    /// Trust in the server's certificate chain, as `URLCredential(trust:)` for the challenge's `serverTrust`.
    public static let serverTrust = AuthenticationCredential(trustsServer: true)
}

/// The delegate's answer to an authentication challenge (`completionHandler(disposition, credential)`).
public struct AuthenticationAnswer: Sendable, Hashable {
    public var disposition: AuthenticationDisposition
    /// The credential, when `disposition` is `useCredential`.
    public var credential: AuthenticationCredential?

    public init(_ disposition: AuthenticationDisposition, credential: AuthenticationCredential? = nil) {
        self.disposition = disposition
        self.credential = credential
    }

    /// What WebKit does for a delegate that does not implement the method.
    public static let performDefaultHandling = AuthenticationAnswer(.performDefaultHandling)
}

/// A delegate that does not answer challenges lets the web view handle them
/// as it does without a delegate method, as WebKit does.
extension NavigationDelegate {
    @MainActor public func didReceive(
        _ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void
    ) {
        completionHandler(.performDefaultHandling)
    }
}
