/// Where a frame's content comes from, as `WKSecurityOrigin` reports it:
/// what a bridge checks before trusting a message.
public struct SecurityOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, such as `https`.
    public var `protocol`: String
    /// The host, such as `app.example.com`; empty for origins without one, such as `file`.
    public var host: String
    /// The port; `0` when the URL names none and the scheme's default applies, as in WebKit.
    public var port: Int

    public init(protocol: String, host: String, port: Int = 0) {
        self.protocol = `protocol`
        self.host = host
        self.port = port
    }

    /// `https://app.example.com`, with `:port` when there is one.
    public var description: String { "\(`protocol`)://\(host)" + (port == 0 ? "" : ":\(port)") }
}
