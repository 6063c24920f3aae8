import HybridReplay

/// A JavaScript dialog's variants: the page opening each other kind of
/// dialog with the same text, the text in each class a bridge meets (empty,
/// non-ASCII, JSON as a prompt-based bridge sends it), a prompt with no
/// default text, and the dialog opened by a subframe's script.
extension JavaScriptDialog: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits: [VariantEdit] = JavaScriptDialogKind.known.filter { $0 != kind }.map { other in
            var variant = self
            variant.kind = other
            variant.defaultText = other == .prompt ? (defaultText ?? "") : nil
            return VariantEdit("dialog-kind", other.rawValue, "the page opens \(other.rawValue)() instead", .replace(variant))
        }
        let texts: [(String, String)] = [("empty", ""), ("non-ascii", "é漢字🙂\u{2028}\"'"), ("json", #"{"call":"native","id":1}"#)]
        for (name, text) in texts where text != message {
            var variant = self
            variant.message = text
            edits.append(VariantEdit("message", name, "dialog text \(name == "json" ? "as JSON" : "as \(name)")", .replace(variant)))
        }
        if kind == .prompt, defaultText != nil {
            var variant = self
            variant.defaultText = nil
            edits.append(VariantEdit("default-text", "none", "a prompt with no default text", .replace(variant)))
        }
        if frame.isMainFrame {
            var variant = self
            variant.frame = Frame(isMainFrame: false, url: "https://ads.example.net/frame.html")
            edits.append(VariantEdit("frame", "sub", "opened by a subframe's script", .replace(variant)))
        }
        return edits
    }
}
