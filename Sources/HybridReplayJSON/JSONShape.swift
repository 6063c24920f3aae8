import HybridReplaySeams
/// One entry of a ``JSONScanner/shapeTape``: the type of a value, or the key
/// of the object member whose value the next entries describe.
package enum JSONShape: Sendable, Hashable {
    case null
    case bool
    case number
    case string
    /// An array and how many elements follow it on the tape.
    case array(count: Int)
    /// An object and how many members follow it on the tape, each a
    /// ``key(_:)`` entry and then its value's entries.
    case object(count: Int)
    /// The key of an object member, decoded, in document order.
    case key(String)
}
