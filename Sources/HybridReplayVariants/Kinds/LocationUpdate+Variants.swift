import HybridReplay

/// A batch of fixes' variants: each location error in its place, and an empty batch.
extension LocationUpdate: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits = LocationFailure.variantCodes.map { code in
            VariantEdit("error", code.rawValue, "the error \(code.rawValue) instead of fixes", .replace(LocationFailure(code)))
        }
        if !locations.isEmpty { edits.append(VariantEdit("batch", "empty", "an empty batch", .replace(LocationUpdate([])))) }
        return edits
    }
}
