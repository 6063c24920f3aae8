import HybridReplaySeams
/// Where a value stands inside a JSON document, such as `events[3].payload.url`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into an object or an array.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path one step further into an object.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// The path one step further into an array.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(document)" : text
    }
}
