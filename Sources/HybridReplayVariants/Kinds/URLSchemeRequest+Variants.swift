import HybridReplay

/// A scheme request's variants: the page stops the task (it navigated away,
/// or aborted its `fetch`) before the app answers, and after each effect the
/// request caused before the app ended its answer (a fetch of its own, the
/// head, a piece of the body). WebKit raises an exception for
/// any call on a stopped task, so from the stop on the app must not answer
/// (``PlatformRule/schemeTaskAnsweredInOrder``). Its URL, of the app's own
/// scheme, also gets the host spellings WebKit keeps for such a scheme
/// (``URLHostClasses``).
extension URLSchemeRequest: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        let answer = cassette.events.filter { $0.cause == event.id }
        // A recorded stop already takes this path; a stop after the end is one WebKit never sends.
        guard !answer.contains(where: { $0.payload is URLSchemeStop }) else { return [] }
        let stop = URLSchemeStop(url: urlString)
        var edits = [
            VariantEdit("stopped", "before-answer", "the page stops the request before the app answers", .insertCaused([stop], after: event.id))
        ]
        let request = self
        edits += URLHostClasses.edits(of: urlString) { changedURL in
            var variant = request
            variant.urlString = changedURL
            return variant
        }
        let parts = answer.filter { $0.direction == .effect && !($0.payload is URLSchemeCompletion) }
        for (number, part) in parts.enumerated() {
            edits.append(
                VariantEdit(
                    "stopped", "after-\(number + 1)", "the page stops the request after the app's \(part.kind) for it",
                    .insertCaused([stop], after: part.id)))
        }
        return edits
    }
}
