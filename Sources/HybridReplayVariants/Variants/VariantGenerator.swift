import HybridReplay

/// Derives the variants of a cassette: each kind's classes for each of its
/// events, the web content process ending after each step, and the orderings
/// (a stimulus sent twice, two neighbouring stimuli swapped).
///
/// Deterministic: the same cassette always gives the same variants in the
/// same order, which is what lets an id replay exactly one.
public struct VariantGenerator: Sendable {
    public init() {}

    /// Every variant of `cassette`, sorted by event and class.
    ///
    /// - Parameter cassette: A recording; its header's `name` is part of every id.
    /// - Returns: The variants, each with an id unique in the list.
    public func variants(of cassette: Cassette) -> [Variant] {
        let events = cassette.events
        let usesWebView = events.contains { [.script, .javascript, .navigation].contains($0.channel) }
        let unsolicited = events.indices.filter { events[$0].direction == .stimulus && events[$0].answers == nil }
        var positionOf: [Int: Int] = [:]
        for (position, index) in unsolicited.enumerated() { positionOf[index] = position }
        var variants: [Variant] = []
        var seen: Set<VariantID> = []
        for index in events.indices {
            let event = events[index]
            guard event.direction == .stimulus else { continue }
            var edits = (event.payload as? any KindVariants)?.variantEdits(of: event, in: cassette) ?? []
            if event.answers == nil, !(event.payload is WebContentProcessTermination) {
                edits.append(VariantEdit("duplicate", nil, "\(event.kind) sent twice", .duplicate))
                if let position = positionOf[index], position + 1 < unsolicited.count {
                    let next = events[unsolicited[position + 1]]
                    edits.append(
                        VariantEdit("swap", String(next.id), "\(event.kind) and event \(next.id) (\(next.kind)) in each other's place", .swap(with: next.id)))
                }
            }
            if usesWebView {
                edits.append(
                    VariantEdit("process-ended", nil, "the web content process ends after this event", .insertAfter([WebContentProcessTermination()])))
            }
            for edit in edits {
                let id = VariantID(cassette: cassette.header.name, variantClass: edit.variantClass, eventID: event.id, argument: edit.argument)
                guard seen.insert(id).inserted else { continue }
                variants.append(Variant(id: id, summary: "event \(event.id): \(edit.summary)", recording: cassette, edit: edit, at: index))
            }
        }
        return variants
    }

    /// The variant `id` names, derived again from the cassette it was derived from.
    ///
    /// - Throws: ``VariantLookupError`` when the id is of another generator
    ///   version or cassette, or names no variant of it.
    public func variant(_ id: VariantID, of cassette: Cassette) throws(VariantLookupError) -> Variant {
        guard id.generator == VariantID.currentGenerator else {
            throw VariantLookupError(
                id: id, message: "it was made by generator version \(id.generator), this is version \(VariantID.currentGenerator); derive the variants again with `cassette explore`")
        }
        guard id.cassette == cassette.header.name else {
            throw VariantLookupError(id: id, message: "it names cassette '\(id.cassette)', not '\(cassette.header.name)'")
        }
        guard let variant = variants(of: cassette).first(where: { $0.id == id }) else {
            throw VariantLookupError(id: id, message: "the cassette has no such variant; `cassette explore <cassette>` prints the id of each of its variants")
        }
        return variant
    }
}

/// A variant id that names no variant this generator derives.
public struct VariantLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    public var id: VariantID
    public var message: String

    public var description: String { "no variant \(id): \(message)" }
}
