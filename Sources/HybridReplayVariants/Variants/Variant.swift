import HybridReplay

/// A session no one recorded: a cassette with one of its stimuli changed along
/// a class, a fault added, or two stimuli in another order.
///
/// The changed cassette is built when it is read, from the recording it shares
/// with every other variant of it, so deriving thousands of variants of a long
/// cassette costs no copies.
public struct Variant: Sendable {
    /// The name that replays exactly this variant.
    public let id: VariantID
    /// What the variant changes, in a few words.
    public let summary: String
    private let recording: Cassette
    private let edit: VariantEdit
    private let index: Int

    init(id: VariantID, summary: String, recording: Cassette, edit: VariantEdit, at index: Int) {
        self.id = id
        self.summary = summary
        self.recording = recording
        self.edit = edit
        self.index = index
    }

    /// The recording with the change made, its events renumbered 1, 2, 3….
    public var cassette: Cassette {
        var header = recording.header
        header.description = "A variant of \(recording.header.name): \(edit.summary) (event \(recording.events[index].id))."
        return Cassette(header: header, events: edit.apply(to: recording.events, at: index))
    }
}
