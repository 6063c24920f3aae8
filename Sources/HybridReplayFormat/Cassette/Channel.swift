/// The seam an event crosses: which part of the platform the app code talks to.
///
/// Channels are values rather than enum cases so later format versions can
/// add channels without breaking exhaustive switches in user code.
public struct Channel: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Script messages from the page and the native side's replies.
    public static let script = Channel(rawValue: "script")
    /// User scripts and JavaScript that native code evaluates in the page.
    public static let javascript = Channel(rawValue: "javascript")
    /// Navigation actions, decisions, native routes and loads.
    public static let navigation = Channel(rawValue: "navigation")
    /// HTTP requests, responses, redirects and the cookie store.
    public static let http = Channel(rawValue: "http")
    /// Location authorization, configuration, fixes, errors and published values.
    public static let location = Channel(rawValue: "location")
    /// Requests the page makes to a URL scheme the app serves itself, and the app's answers (format version 2).
    public static let scheme = Channel(rawValue: "scheme")
    /// Events a user defines for a seam of their own.
    public static let custom = Channel(rawValue: "custom")

    /// Every channel the current format version knows, in documentation order.
    public static let known: [Channel] = [.script, .javascript, .navigation, .http, .scheme, .location, .custom]

    public static func < (lhs: Channel, rhs: Channel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}

/// A channel and a kind within it, such as `navigation.decision`.
public struct EventKind: Sendable, Hashable, CustomStringConvertible {
    public var channel: Channel
    public var name: String

    public init(_ channel: Channel, _ name: String) {
        self.channel = channel
        self.name = name
    }

    public var description: String { "\(channel.rawValue).\(name)" }
}
