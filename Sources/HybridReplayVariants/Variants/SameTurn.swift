import HybridReplay

/// A stimulus sent a second time in the same main-queue turn as the first:
/// a page that posts twice in one script turn (`Promise.all` of two posts),
/// a link tapped twice, two resources challenged at once. WebKit hands both
/// to the app before any work the first started has run (it dispatches the
/// messages that arrived together in one go), so an app that keeps one slot
/// for "the one in flight" — its reply handler, its decision handler —
/// loses the first when it reads the slot from a task.
///
/// The copy names the first as its cause, which is how the engine knows to
/// hand it over in the same turn; the existing `duplicate` class sends the
/// copy in a turn of its own, after the first's tasks have run to their
/// first wait.
enum SameTurn {
    /// The edit that sends `event` again in the same main-queue turn; `nil` for an answer.
    static func edit(of event: Event) -> VariantEdit? {
        guard event.answers == nil else { return nil }
        return VariantEdit(
            "same-turn", nil, "\(event.kind) sent twice in one main-queue turn", .insertCaused([event.payload], after: event.id))
    }
}
