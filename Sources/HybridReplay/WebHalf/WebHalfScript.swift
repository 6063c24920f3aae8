/// What a web-half replay does with each recorded event: wait for the page
/// to do it, play it into the page, or leave it to the native half.
enum WebHalfRole: Equatable {
    /// Something the page does: a message, a navigation it asks about, a
    /// dialog, a window, an evaluation's result. The replay waits for it
    /// and checks it.
    case pageStimulus
    /// Something the native side does to the page: a user script, a load,
    /// an evaluation, a reply, a decision, a dialog's answer. The replay
    /// plays it once the page has done everything recorded before it.
    case nativeEffect
    /// The native half's business (HTTP, cookies, location, routes, custom
    /// seams) or the engine's (lifecycle notifications, a scheme task the
    /// engine stopped): not checked here.
    case notThePage

    /// The role its description gives `kind`; a custom seam's events are the native half's.
    init(_ kind: EventKind) {
        self = PayloadRegistry.description(of: kind)?.webHalfRole ?? .notThePage
    }
}

/// A message handler the page posts to: its name and the world it was added in.
struct WebHalfHandler: Hashable {
    var name: String
    var contentWorld: ContentWorld
}
