import HybridReplay

/// An authorization change's variants: each other status, reduced accuracy,
/// and access denied then granted again.
extension LocationAuthorizationChange: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits: [VariantEdit] = AuthorizationStatus.known.filter { $0 != status }.map { other in
            VariantEdit("authorization", other.rawValue, "authorization \(other.rawValue)", .replace(LocationAuthorizationChange(other, accuracy: accuracy)))
        }
        if accuracy != .reduced {
            edits.append(VariantEdit("accuracy", "reduced", "reduced accuracy", .replace(LocationAuthorizationChange(status, accuracy: .reduced))))
        }
        if status == .authorizedWhenInUse || status == .authorizedAlways {
            edits.append(
                VariantEdit(
                    "denied-then-granted", nil, "access denied, then granted again",
                    .insertAfter([LocationAuthorizationChange(.denied), LocationAuthorizationChange(status, accuracy: accuracy)])))
        }
        return edits
    }
}

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
