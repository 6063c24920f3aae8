import HybridReplay

/// A batch of fixes' variants: each location error in its place, an empty
/// batch, and a batch with one more fix after the recorded ones (CoreLocation
/// delivers fixes that queued up together, oldest first).
extension LocationUpdate: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits = LocationFailure.variantCodes.map { code in
            VariantEdit("error", code.rawValue, "the error \(code.rawValue) instead of fixes", .replace(LocationFailure(code)))
        }
        if let last = locations.last {
            edits.append(VariantEdit("batch", "empty", "an empty batch", .replace(LocationUpdate([]))))
            var moved = last
            moved.latitude = last.latitude < 89 ? last.latitude + 0.001 : last.latitude - 0.001
            edits.append(VariantEdit("batch", "more", "one more fix after the recorded ones", .replace(LocationUpdate(locations + [moved]))))
        }
        return edits
    }
}
