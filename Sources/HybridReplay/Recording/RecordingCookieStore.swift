/// A cookie store that records what app code puts in and asks for: the
/// cookie part of the `http` channel.
///
/// The cookies a query returns are recorded as `http.cookies` answering the
/// query, and become the cause of what the calling task does next, such as
/// the request it builds from them.
struct RecordingCookieStore: CookieStore {
    let live: any CookieStore
    let recorder: Recorder

    func setCookie(_ cookie: Cookie) async {
        recorder.recordEffect(CookieStoreWrite(cookie))
        await live.setCookie(cookie)
    }

    func cookies(for url: String) async -> [Cookie] {
        let caller = recorder.callSite()
        let queryID = recorder.recordEffect(CookieStoreQuery(url: url))
        let cookies = await live.cookies(for: url)
        recorder.answered(caller, by: recorder.record(CookieStoreContents(cookies), cause: nil, answers: queryID))
        return cookies
    }
}
