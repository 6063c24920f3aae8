import HybridReplay

/// A kind of event that knows the classes of variant its recorded events have:
/// the input classes of its fields, its faults and its orderings.
///
/// Each kind conforms once, in its own file under `Kinds/`, so a new kind
/// brings its variants with it.
protocol KindVariants: EventPayload {
    /// The changes a variant may make to `event`, an event of this kind.
    ///
    /// - Parameters:
    ///   - event: The recorded event, whose payload is `self`.
    ///   - cassette: The whole recording, for changes that depend on what else happened.
    /// - Returns: One edit per variant, each with a class and argument unique for this event.
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit]
}
