import HybridReplay

/// A location error's variants: each other error.
extension LocationFailure: KindVariants {
    /// The errors a location service meets: transient, denied, and no network.
    static let variantCodes: [LocationErrorCode] = [.locationUnknown, .denied, .network]

    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        Self.variantCodes.filter { $0 != code }.map { other in
            VariantEdit("error", other.rawValue, "the error \(other.rawValue)", .replace(LocationFailure(other)))
        }
    }
}
