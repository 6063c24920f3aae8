import HybridReplay

/// A media-capture request's variants: the page asking for each other
/// device (camera, microphone, both), an iframe of another origin asking
/// (an embedded widget or advert), and the page asking again, as a call
/// does when it restarts its stream.
extension MediaCaptureRequest: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits = MediaCaptureType.known.filter { $0 != type }.map { other in
            var asked = self
            asked.type = other
            return VariantEdit("type", other.rawValue, "the page asks for the \(other.rawValue)", .replace(asked))
        }
        if frame.isMainFrame {
            let embedded = SecurityOrigin(protocol: "https", host: "widget.example.net")
            let asked = MediaCaptureRequest(
                origin: embedded, frame: Frame(isMainFrame: false, url: "https://widget.example.net/embed", securityOrigin: embedded),
                type: type)
            edits.append(VariantEdit("frame", "other-origin", "an iframe of another origin asks", .replace(asked)))
        }
        edits.append(VariantEdit("repeat", nil, "the page asks again", .insertAfter([self])))
        return edits
    }
}
