/// A JavaScript namespace in the page, as `WKContentWorld` names it: the
/// page's own, the default one for app scripts, or one the app names.
///
/// Scripts, handlers and evaluations in different worlds do not see each
/// other's variables; a handler registered in one world receives only the
/// messages posted from that world.
public struct ContentWorld: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable {
        case page
        case defaultClient
        case named(String)
    }

    private let storage: Storage

    private init(_ storage: Storage) { self.storage = storage }

    /// The page's own world (`WKContentWorld.page`), where the page's scripts
    /// run; what the calls without a world use.
    public static let page = ContentWorld(.page)

    /// The world WebKit provides for app scripts (`WKContentWorld.defaultClient`).
    public static let defaultClient = ContentWorld(.defaultClient)

    /// The world the app names `name` (`WKContentWorld.world(name:)`); the same name is the same world.
    public static func world(name: String) -> ContentWorld { ContentWorld(.named(name)) }

    /// The name of a world the app named; `nil` for ``page`` and ``defaultClient``, as in WebKit.
    public var name: String? {
        if case .named(let name) = storage { return name }
        return nil
    }

    public var description: String {
        switch storage {
        case .page: "page"
        case .defaultClient: "defaultClient"
        case .named(let name): "world \"\(name)\""
        }
    }
}
