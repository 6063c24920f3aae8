/// The cookie store a replay hands the implementation: writes and queries are
/// verified, and queries are answered with the recorded cookies.
final class ReplayCookieStore: CookieStore {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func setCookie(_ cookie: Cookie) async {
        engine.effect(CookieStoreWrite(cookie))
    }

    func cookies(for url: String) async -> [Cookie] {
        await engine.effectAwaitingAnswer(CookieStoreQuery(url: url))?.payload(as: CookieStoreContents.self)?.cookies ?? []
    }
}
