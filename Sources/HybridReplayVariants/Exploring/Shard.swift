/// One of `count` parts of a set of variants, so that `count` machines each
/// explore one (`--shard 2/4`, a CI matrix's index and size).
///
/// A variant belongs to the shard its id hashes to (FNV-1a over the id's
/// text), so the split is the same on every machine and a variant keeps its
/// shard when others are added.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which part, from 1.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// Every variant: one part of one.
    public static let all = Shard(uncheckedIndex: 1, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Part `index` of `count`; `nil` unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.init(uncheckedIndex: index, count: count)
    }

    /// Reads `i/n`, such as `2/4`; `nil` when it is not one.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether the variant `id` is this shard's.
    public func contains(_ id: VariantID) -> Bool {
        guard count > 1 else { return true }
        return Int(FNV1a.hash(id.description.utf8) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}
