/// A kind of native effect a web-half replay plays into the page
/// (``WebHalfRole/nativeEffect``), and how.
///
/// Every kind whose role is a native effect conforms, in its own file under
/// `Kinds/` (`WebHalfNativeEffectTests`
/// checks it against ``PayloadRegistry/standardTypes``), so none is
/// skipped without a word.
protocol WebHalfNativeEffect: EventPayload {
    /// How the replay plays it.
    var webHalfPlay: WebHalfPlay { get }
}

/// How a web-half replay plays a native effect into the page.
enum WebHalfPlay {
    /// A call on the web view: a user script installed.
    case addUserScript(UserScriptInstallation)
    /// A call on the web view: a message handler removed.
    case removeHandler(ScriptHandlerRemoval)
    /// A call on the web view: a load (the page under test, in place of the first).
    case load(NavigationLoad)
    /// A call on the web view: a script evaluated, whose result the page gives.
    case evaluate(JavaScriptEvaluation)
    /// The answer to a step the page took (its cause), played into the
    /// completion handler the page waits on (see ``WebHalfHeldAnswer``).
    case answer
}
