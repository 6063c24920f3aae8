import HybridReplay

/// A script's result's variants: the page navigating to another page before
/// the result arrives, so whatever the app does with it reaches the new page.
extension JavaScriptResult: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        PageReplacement.edit(before: event, in: cassette).map { [$0] } ?? []
    }
}
