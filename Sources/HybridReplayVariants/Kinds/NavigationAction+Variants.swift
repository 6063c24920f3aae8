import HybridReplay

/// A navigation action's variants: each other navigation type, each target
/// frame (main, sub, none: a new window), the other method, its URL without
/// an authority (`navigate:present?…`, a link written without `//`, which
/// has no host), each class of its host's syntax WebKit delivers
/// (``URLHostClasses``), each class of each query item of its URL, and the
/// action sent twice in one main-queue turn (``SameTurn``: two decision
/// handlers held at once).
///
/// A scheme in capitals is not one of them: WebKit's URL parser lowercases
/// the scheme (WHATWG URL standard, scheme state) before any delegate sees
/// the URL, so `NAVIGATE://…` is a link no app receives.
extension NavigationAction: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits: [VariantEdit] = []
        for type in NavigationType.known where type != navigationType {
            var variant = self
            variant.navigationType = type
            edits.append(VariantEdit("navigation-type", type.rawValue, "navigation type \(type.rawValue)", .replace(variant)))
        }
        for (name, frame) in ScriptMessage.frameClasses(from: targetFrame) {
            var variant = self
            variant.targetFrame = frame
            edits.append(VariantEdit("target-frame", name, "targets \(name == "none" ? "a new window" : "the \(name) frame")", .replace(variant)))
        }
        var other = self
        other.method = method.uppercased() == "GET" ? "POST" : "GET"
        edits.append(VariantEdit("method", other.method, "method \(other.method)", .replace(other)))
        if let separator = urlString.range(of: "://") {
            var noAuthority = self
            noAuthority.urlString = urlString.replacingCharacters(in: separator, with: ":")
            edits.append(VariantEdit("url", "no-authority", "the URL without '//', so it has no host", .replace(noAuthority)))
        }
        let action = self
        let rebuild = { (changedURL: String) -> any EventPayload in
            var variant = action
            variant.urlString = changedURL
            return variant
        }
        edits += URLHostClasses.edits(of: urlString, rebuild: rebuild)
        edits += URLQueryClasses.edits(of: urlString, rebuild: rebuild)
        if let sameTurn = SameTurn.edit(of: event) { edits.append(sameTurn) }
        return edits
    }
}
