import HybridReplay
import HybridReplayReference

/// The echo bridge's sessions: the page posts text to `nativeProcess` and
/// native code evaluates `changeEcho(…)` with it.
enum EchoScenarios {
    /// The seed's page that defines `changeEcho` itself.
    static let simplePage = Frame.main("https://bridge.example.com/simple.html")
    /// The seed's page without scripts of its own, for the injected variant.
    static let plainPage = Frame.main("https://bridge.example.com/plain.html")

    static let all: [Scenario] = [
        hello, quotesAndNewlines, nonASCII, nonStringIgnored, injected, otherJSONTypesIgnored,
        emptyWhitespaceRepeated,
    ]

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

    static let otherJSONTypesIgnored = Scenario(
        "bridge/echo-other-json-types-ignored.json", contract: .echoBridge,
        description: "A boolean, null and an array holding a string are not string bodies: each is ignored, not "
            + "echoed as its JSON text; the string posted after them is echoed."
    ) { stage in
        stage.advance(by: .milliseconds(800))
        try stage.page.postMessage(.bool(true), to: EchoBridge.handlerName, frame: simplePage)
        stage.advance(by: .milliseconds(500))
        try stage.page.postMessage(.null, to: EchoBridge.handlerName, frame: simplePage)
        stage.advance(by: .milliseconds(700))
        try stage.page.postMessage(.array([.string("in an array")]), to: EchoBridge.handlerName, frame: simplePage)
        stage.advance(by: .milliseconds(1_100))
        try stage.page.postMessage(.string("Only this one"), to: EchoBridge.handlerName, frame: simplePage)
    }

    static let emptyWhitespaceRepeated = Scenario(
        "bridge/echo-empty-whitespace-repeated.json", contract: .echoBridge,
        description: "The empty string and a whitespace-only string are strings: each is echoed as it is, not "
            + "trimmed or skipped; the same text posted twice is echoed twice."
    ) { stage in
        stage.advance(by: .milliseconds(1_000))
        try stage.page.postMessage(.string(""), to: EchoBridge.handlerName, frame: simplePage)
        stage.advance(by: .milliseconds(900))
        try stage.page.postMessage(.string(" \t  "), to: EchoBridge.handlerName, frame: simplePage)
        stage.advance(by: .milliseconds(1_300))
        try stage.page.postMessage(.string("Twice"), to: EchoBridge.handlerName, frame: simplePage)
        stage.advance(by: .milliseconds(400))
        try stage.page.postMessage(.string("Twice"), to: EchoBridge.handlerName, frame: simplePage)
    }
}
