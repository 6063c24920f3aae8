import CassetteCommands
import HybridReplay
import Testing

extension TimelineTests {
    @Test("the web events of format version 2 show one summary line each, in the usual columns, before their fields")
    func webVersion2Lines() {
        let frame = Frame(isMainFrame: false, url: "https://app.example.com/pay")
        let cassette = Cassette(header: CassetteHeader(name: "web"), events: [
            Event(id: 1, at: 0, payload: NavigationFailure(
                url: "https://a.test/", phase: .provisional,
                error: NavigationError(domain: "NSURLErrorDomain", code: -1009, message: "Offline"))),
            Event(id: 2, at: 0.1, payload: NavigationResponse(
                url: "https://a.test/x.zip", status: 200, mimeType: "application/zip", isForMainFrame: true, canShowMIMEType: false)),
            Event(id: 3, at: 0.2, cause: 2, payload: NavigationResponseDecision(.download)),
            Event(id: 4, at: 0.3, cause: 5, payload: NavigationDecision(.allow, preferences: WebpagePreferences(preferredContentMode: .desktop))),
            Event(id: 6, at: 0.4, payload: NewWindowRequest(
                action: NavigationAction(url: "https://login.test/", navigationType: .other, targetFrame: nil),
                windowFeatures: WindowFeatures(width: 480, height: 640))),
            Event(id: 7, at: 0.5, cause: 6, payload: NewWindowResult(returnedWebView: false)),
            Event(id: 8, at: 0.6, payload: JavaScriptEvaluation(script: "go()", frame: frame, contentWorld: .world(name: "bridge"))),
            Event(id: 9, at: 0.7, payload: ScriptHandlerRemoval(name: "bridge", contentWorld: .defaultClient)),
            Event(id: 10, at: 0.8, payload: WebContentProcessTermination()),
        ])
        // Each summary line is followed by the event's fields, indented; those are
        // pinned by the tests of `show` hiding nothing.
        #expect(Timeline.lines(for: cassette).dropFirst(2).filter { !$0.hasPrefix("      ") } == [
            "   1    +0.000s  stimulus  navigation.failed              provisional https://a.test/: NSURLErrorDomain -1009: Offline",
            "   2    +0.100s  stimulus  navigation.response            200 application/zip https://a.test/x.zip (cannot show)",
            "   3    +0.200s  effect    navigation.responseDecision    download  (cause 2)",
            "   4    +0.300s  effect    navigation.decision            allow (content mode desktop, JavaScript on)  (cause 5)",
            "   6    +0.400s  stimulus  navigation.newWindow           other GET https://login.test/ 480×640",
            "   7    +0.500s  effect    navigation.newWindowResult     nil  (cause 6)",
            "   8    +0.600s  effect    javascript.evaluate            \"go()\" in frame https://app.example.com/pay in world \"bridge\"",
            "   9    +0.700s  effect    script.removeHandler           bridge in defaultClient",
            "  10    +0.800s  stimulus  navigation.processTerminated",
        ])
    }

    @Test("a JavaScript dialog and its answer show one summary line each, the texts as JavaScript literals")
    func dialogLines() {
        let frame = Frame(isMainFrame: false, url: "https://app.example.com/pay")
        let cassette = Cassette(header: CassetteHeader(name: "web"), events: [
            Event(id: 1, at: 0, payload: JavaScriptDialog(kind: .prompt, message: "Your \"name\"?", defaultText: "Ada", frame: .main())),
            Event(id: 2, at: 0.1, cause: 1, payload: JavaScriptDialogAnswer(confirmed: true, text: "Grace")),
            Event(id: 3, at: 0.2, payload: JavaScriptDialog(kind: .confirm, message: "Pay?", frame: frame)),
            Event(id: 4, at: 0.3, cause: 3, payload: JavaScriptDialogAnswer.cancel),
        ])
        #expect(Timeline.lines(for: cassette).dropFirst(2).filter { !$0.hasPrefix("      ") } == [
            "   1    +0.000s  stimulus  javascript.dialog              prompt \"Your \\\"name\\\"?\" default \"Ada\"",
            "   2    +0.100s  effect    javascript.dialogAnswer        OK \"Grace\"  (cause 1)",
            "   3    +0.200s  stimulus  javascript.dialog              confirm \"Pay?\" (subframe)",
            "   4    +0.300s  effect    javascript.dialogAnswer        Cancel  (cause 3)",
        ])
    }
}
