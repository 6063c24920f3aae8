import HybridReplay

/// A session no one recorded: a cassette with one of its stimuli changed along
/// a class, a fault added, or two stimuli in another order.
public struct Variant: Sendable {
    /// The name that replays exactly this variant.
    public var id: VariantID
    /// What the variant changes, in a few words.
    public var summary: String
    /// The recording with the change made.
    public var cassette: Cassette

    public init(id: VariantID, summary: String, cassette: Cassette) {
        self.id = id
        self.summary = summary
        self.cassette = cassette
    }
}
