import HybridReplay

/// A navigation response's variants: statuses on each side of each class
/// boundary, no status, and a subframe's response.
extension NavigationResponse: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits: [VariantEdit] = HTTPStatusClasses.boundaries.filter { $0 != status }.map { code in
            var variant = self
            variant.status = code
            return VariantEdit("status", String(code), "status \(code)", .replace(variant))
        }
        var frame = self
        frame.isForMainFrame.toggle()
        edits.append(VariantEdit("main-frame", String(frame.isForMainFrame), frame.isForMainFrame ? "for the main frame" : "for a subframe", .replace(frame)))
        return edits
    }
}
