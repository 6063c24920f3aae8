import HybridReplay

/// A custom stimulus's variants: each class of each of its fields.
extension CustomEvent: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        let custom = self
        return JSONFieldClass.fieldEdits(of: fields) { changed in
            var variant = custom
            variant.fields = changed
            return variant
        }
    }
}
