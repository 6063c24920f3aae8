/// A kind of step the page takes that a web-half replay waits for and
/// checks (``WebHalfRole/pageStimulus``), and how a report words it.
///
/// Every kind whose role is a page step conforms, in its own file under
/// `Kinds/` (`WebHalfPageStepTests`
/// checks it against ``PayloadRegistry/standardTypes``), so a report never
/// falls back to naming a kind where it should say what the page did.
protocol WebHalfPageStep: EventPayload {
    /// What the page does, in words, to follow "the page did not":
    /// `post its message to nativeProcess ("Hello")`.
    var pageDoes: String { get }
}
