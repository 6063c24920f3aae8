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
