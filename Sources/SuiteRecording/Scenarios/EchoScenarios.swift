import HybridReplay
import HybridReplayReference

/// The echo bridge's sessions: the page posts text to `nativeProcess` and
/// native code evaluates `changeEcho(…)` with it.
enum EchoScenarios {
    /// The seed's page that defines `changeEcho` itself.
    static let simplePage = Frame.main("https://bridge.example.com/simple.html")
    /// The seed's page without scripts of its own, for the injected variant.
    static let plainPage = Frame.main("https://bridge.example.com/plain.html")

    static let all: [Scenario] = [hello, quotesAndNewlines, nonASCII, nonStringIgnored, injected]

    static let hello = Scenario(
        "bridge/echo-hello.json", contract: .echoBridge,
        description: "The page posts the text typed into #ping to nativeProcess; native code echoes it back "
            + "with changeEcho(\"Hello from the page\")."
    ) { stage in
        stage.advance(by: .milliseconds(1_250))
        try stage.page.postMessage(.string("Hello from the page"), to: EchoBridge.handlerName, frame: simplePage)
    }

    static let quotesAndNewlines = Scenario(
        "bridge/echo-quotes-newlines.json", contract: .echoBridge,
        description: "Text with single and double quotes, a backslash, a newline, a tab, </script> and U+2028 "
            + "reaches changeEcho as one inert string literal: escaped, never spliced in raw."
    ) { stage in
        stage.advance(by: .milliseconds(2_100))
        try stage.page.postMessage(
            .string(
                "It's \"quoted\", C:\\Users\\avery\nline two\tafter a tab </script><script>alert(1)</script> "
                    + "\u{2028}after a line separator"),
            to: EchoBridge.handlerName, frame: simplePage)
    }

    static let nonASCII = Scenario(
        "bridge/echo-non-ascii.json", contract: .echoBridge,
        description: "Emoji, CJK and accented text crosses the bridge and back unchanged."
    ) { stage in
        stage.advance(by: .milliseconds(1_700))
        try stage.page.postMessage(
            .string("Grüße aus Köln, café crème 👋🏽🌍 你好，世界 こんにちは"),
            to: EchoBridge.handlerName, frame: simplePage)
    }

    static let nonStringIgnored = Scenario(
        "bridge/echo-non-string-ignored.json", contract: .echoBridge,
        description: "An object body and a number body are ignored, as the seed's `message.body is String` check "
            + "ignores them; the string posted after them is echoed."
    ) { stage in
        stage.advance(by: .milliseconds(900))
        try stage.page.postMessage(
            .object(["text": .string("not a string body"), "count": .number(2)]), to: EchoBridge.handlerName,
            frame: simplePage)
        stage.advance(by: .milliseconds(600))
        try stage.page.postMessage(.number(42), to: EchoBridge.handlerName, frame: simplePage)
        stage.advance(by: .milliseconds(1_400))
        try stage.page.postMessage(.string("Now a string"), to: EchoBridge.handlerName, frame: simplePage)
    }

    static let injected = Scenario(
        "bridge/injected-echo.json", contract: .injectedEchoBridge,
        description: "The bridge installs changeEcho and sendToNative as a user script at document start in every "
            + "frame, before the page can post; the message the page then posts is echoed back."
    ) { stage in
        stage.advance(by: .milliseconds(1_600))
        try stage.page.postMessage(
            .string("Hello from a page without scripts"), to: EchoBridge.handlerName, frame: plainPage)
    }
}
