/// The app removes the handler it registered under a name
/// (`removeScriptMessageHandler(forName:)`, `removeScriptMessageHandler(forName:contentWorld:)`).
public struct ScriptHandlerRemoval: Sendable, Hashable {
    /// The name the handler was registered under.
    public var name: String
    /// The world it was registered in.
    public var contentWorld: ContentWorld

    public init(name: String, contentWorld: ContentWorld = .page) {
        self.name = name
        self.contentWorld = contentWorld
    }
}
