import HybridReplay

/// A script message's variants: each class of each body field, the body as
/// each other JSON type, the frame it is posted from, and the page posting
/// it twice in one script turn (``SameTurn``).
extension ScriptMessage: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits: [VariantEdit] = []
        if case .object(let fields) = body {
            let message = self
            edits += JSONFieldClass.fieldEdits(of: fields) { changed in
                var variant = message
                variant.body = .object(changed)
                return variant
            }
        }
        for bodyClass in JSONFieldClass.bodyClasses(of: body) {
            var variant = self
            variant.body = bodyClass.value
            edits.append(VariantEdit("body", bodyClass.name, "body as \(bodyClass.name)", .replace(variant)))
        }
        for (name, frame) in Self.frameClasses(from: self.frame) {
            var variant = self
            variant.frame = frame
            edits.append(VariantEdit("frame", name, "posted from \(name == "none" ? "no frame" : "the \(name) frame")", .replace(variant)))
        }
        if let sameTurn = SameTurn.edit(of: event) { edits.append(sameTurn) }
        return edits
    }

    /// The main frame, a subframe and no frame, except the one recorded.
    static func frameClasses(from recorded: Frame?) -> [(String, Frame?)] {
        let url = recorded?.urlString
        let classes: [(String, Frame?)] = [
            ("main", Frame(isMainFrame: true, url: url)), ("sub", Frame(isMainFrame: false, url: "https://ads.example.net/frame.html")),
            ("none", nil),
        ]
        return classes.filter { $0.1?.isMainFrame != recorded?.isMainFrame || ($0.1 == nil) != (recorded == nil) }
    }
}
