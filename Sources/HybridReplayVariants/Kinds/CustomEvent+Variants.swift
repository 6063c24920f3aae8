import HybridReplay

/// A custom stimulus's variants: each class of each of its fields, and for
/// one that carries request headers (a load request), the caller's cookies
/// renamed in the other letter case.
extension CustomEvent: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        let custom = self
        let rebuild: @Sendable ([String: JSONValue]) -> any EventPayload = { changed in
            var variant = custom
            variant.fields = changed
            return variant
        }
        return JSONFieldClass.fieldEdits(of: fields, rebuild: rebuild) + CookieHeaderClasses.edits(of: fields, rebuild: rebuild)
    }
}
