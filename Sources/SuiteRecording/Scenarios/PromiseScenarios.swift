import HybridReplay
import HybridReplayReference

/// The promise bridges' sessions: the page posts `{guid}`, native code
/// fetches a random user and settles the page's promise, by evaluating
/// `executePromise`/`rejectPromise` or by replying.
enum PromiseScenarios {
    /// The seed's page with the promise-based bridge.
    static let page = Frame.main("https://bridge.example.com/experimental.html")
    static let endpoint = RandomUserFetcher.seedEndpoint
    /// Promise ids as the page's `generateUUID()` makes them, fixed so recordings repeat.
    static let firstGUID = "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
    static let secondGUID = "c81e728d-9d4c-4f2a-8b1e-6a5d3c7e9f02"

    static let all: [Scenario] = [
        randomUser, quotesInData, outOfOrder, serverError, requestFailed, missingGUID, reply, replyServerError,
        replyRequestFailed, replyMissingGUID, separatorsInData, clientError, replyClientError,
        replySeparatorsInData, statusBoundaries, guidTypesIgnored, replyGUIDTypes, oddStringGUIDs,
        askedAgainAfterSettling, replyAskedAgainAfterSettling,
    ]

    static let statusBoundaries = Scenario(
        "bridge/promise-status-boundaries.json", contract: .promiseBridge,
        description: "Success is 200 to 299: a 299 settles the first promise with its text, a 300 (Multiple "
            + "Choices, no Location, so no redirect) rejects the second."
    ) { stage in
        stage.advance(by: .milliseconds(520))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let first = try await stage.request("GET", endpoint)
        try stage.respond(
            to: first, after: .milliseconds(81),
            with: HTTPResponse(
                status: 299, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: .text("edge")))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
        stage.advance(by: .milliseconds(900))
        try stage.page.postMessage(guidBody(secondGUID), to: PromiseBridge.handlerName, frame: page)
        let second = try await stage.request("GET", endpoint)
        try stage.respond(
            to: second, after: .milliseconds(77),
            with: HTTPResponse(
                status: 300, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                body: .text("Multiple Choices")))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 2)
    }

    /// Text at the edges: leading and trailing whitespace and newlines, and the
    /// line and paragraph separators (U+2028, U+2029) that end a line in
    /// JavaScript source older engines parse.
    static let edgeText = "  \n\tleading and trailing\u{2028}line\u{2029}paragraph \r\n  "

    static let separatorsInData = Scenario(
        "bridge/promise-separators-in-data.json", contract: .promiseBridge,
        description: "The response text starts and ends with spaces, tabs and newlines and holds U+2028 and "
            + "U+2029; executePromise receives all of it unchanged in one escaped literal."
    ) { stage in
        stage.advance(by: .milliseconds(730))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(
            to: request, after: .milliseconds(133),
            with: HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: .text(edgeText)))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let clientError = Scenario(
        "bridge/promise-client-error.json", contract: .promiseBridge,
        description: "The server answers 404 Not Found, a client error: native code rejects the page's promise "
            + "with rejectPromise(guid, message), as for a server error."
    ) { stage in
        stage.advance(by: .milliseconds(640))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(
            to: request, after: .milliseconds(88),
            with: HTTPResponse(
                status: 404, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                body: .text("Not Found")))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let replyClientError = Scenario(
        "bridge/promise-reply-client-error.json", contract: .promiseReplyBridge,
        description: "The server answers 429 Too Many Requests, a client error: the page's awaited promise is "
            + "rejected with an error reply."
    ) { stage in
        stage.advance(by: .milliseconds(610))
        async let settled = stage.page.postMessageAwaitingReply(
            guidBody(firstGUID), to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(
            to: request, after: .milliseconds(74),
            with: HTTPResponse(
                status: 429, headers: [HTTPHeader("Retry-After", "30")], body: .text("Too Many Requests")))
        _ = try await settled
    }

    static let replySeparatorsInData = Scenario(
        "bridge/promise-reply-separators-in-data.json", contract: .promiseReplyBridge,
        description: "The response text starts and ends with whitespace and newlines and holds U+2028 and U+2029; "
            + "the reply carries it unchanged."
    ) { stage in
        stage.advance(by: .milliseconds(560))
        async let settled = stage.page.postMessageAwaitingReply(
            guidBody(firstGUID), to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(
            to: request, after: .milliseconds(97),
            with: HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: .text(edgeText)))
        _ = try await settled
    }

    static let randomUser = Scenario(
        "bridge/promise-random-user.json", contract: .promiseBridge,
        description: "The page asks for a random user under a promise guid; native code fetches "
            + "https://randomuser.me/api and settles the promise with executePromise(guid, data), "
            + "passing the guid back unchanged."
    ) { stage in
        stage.advance(by: .milliseconds(640))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(to: request, after: .milliseconds(318), with: RandomUsers.response(RandomUsers.avery))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let quotesInData = Scenario(
        "bridge/promise-quotes-in-data.json", contract: .promiseBridge,
        description: "The response text holds quotes, a backslash, a newline, </script> and non-ASCII text; "
            + "executePromise receives it as one escaped string literal, where the seed's String(format:) "
            + "would break the script or run the text as code."
    ) { stage in
        stage.advance(by: .milliseconds(820))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(
            to: request, after: .milliseconds(142),
            with: HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                body: .text(
                    "She said \"it's fine\" \\ then left.\nLine two </script><script>alert('x')</script> "
                        + "naïve café, 日本語, 😀")))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let outOfOrder = Scenario(
        "bridge/promise-out-of-order.json", contract: .promiseBridge,
        description: "Two promises are in flight at once and the second request is answered first; each "
            + "executePromise carries its own guid and its own user, in the order the responses arrived."
    ) { stage in
        stage.advance(by: .milliseconds(500))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let first = try await stage.request("GET", endpoint)
        stage.advance(by: .milliseconds(40))
        try stage.page.postMessage(guidBody(secondGUID), to: PromiseBridge.handlerName, frame: page)
        let second = try await stage.request("GET", endpoint)
        try stage.respond(to: second, after: .milliseconds(151), with: RandomUsers.response(RandomUsers.jordan))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
        try stage.respond(to: first, after: .milliseconds(209), with: RandomUsers.response(RandomUsers.avery))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 2)
    }

    static let serverError = Scenario(
        "bridge/promise-server-error.json", contract: .promiseBridge,
        description: "The server answers 503; native code rejects the page's promise with "
            + "rejectPromise(guid, message) instead of leaving it pending forever."
    ) { stage in
        stage.advance(by: .milliseconds(710))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(
            to: request, after: .milliseconds(96),
            with: HTTPResponse(
                status: 503,
                headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8"), HTTPHeader("Retry-After", "120")],
                body: .text("Service Unavailable")))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let requestFailed = Scenario(
        "bridge/promise-request-failed.json", contract: .promiseBridge,
        description: "The request times out with no response at all (URLError -1001, recorded as http.error); "
            + "native code rejects the page's promise with rejectPromise(guid, message), the message naming "
            + "the error's domain and code."
    ) { stage in
        stage.advance(by: .milliseconds(680))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.fail(
            request, after: .seconds(30),
            with: HTTPTransportError("timed out after 30 s", code: HTTPTransportError.Code.timedOut))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let missingGUID = Scenario(
        "bridge/promise-missing-guid.json", contract: .promiseBridge,
        description: "A message without a guid has no promise to settle and gets nothing, not even a request; "
            + "the well-formed message after it is fetched and settled."
    ) { stage in
        stage.advance(by: .milliseconds(530))
        try stage.page.postMessage(
            .object(["action": .string("randomUser")]), to: PromiseBridge.handlerName, frame: page)
        stage.advance(by: .milliseconds(1_200))
        try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(to: request, after: .milliseconds(264), with: RandomUsers.response(RandomUsers.avery))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let reply = Scenario(
        "bridge/promise-reply.json", contract: .promiseReplyBridge,
        description: "The page awaits postMessage({guid}) on a handler with reply; native code fetches a random "
            + "user and settles the page's promise with the reply, which carries the response text."
    ) { stage in
        stage.advance(by: .milliseconds(590))
        async let settled = stage.page.postMessageAwaitingReply(
            guidBody(firstGUID), to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(to: request, after: .milliseconds(187), with: RandomUsers.response(RandomUsers.avery))
        _ = try await settled
    }

    static let replyServerError = Scenario(
        "bridge/promise-reply-server-error.json", contract: .promiseReplyBridge,
        description: "The page awaits postMessage({guid}) and the server answers 503; the reply is an error "
            + "message, which rejects the page's promise, instead of no reply at all."
    ) { stage in
        stage.advance(by: .milliseconds(620))
        async let settled = stage.page.postMessageAwaitingReply(
            guidBody(secondGUID), to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(
            to: request, after: .milliseconds(88),
            with: HTTPResponse(
                status: 503, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                body: .text("Service Unavailable")))
        _ = try await settled
    }

    static let replyRequestFailed = Scenario(
        "bridge/promise-reply-request-failed.json", contract: .promiseReplyBridge,
        description: "The page awaits postMessage({guid}) and the device is offline: the request fails outright "
            + "(URLError -1009, recorded as http.error); the reply is an error naming the domain and code, "
            + "which rejects the page's promise."
    ) { stage in
        stage.advance(by: .milliseconds(560))
        async let settled = stage.page.postMessageAwaitingReply(
            guidBody(secondGUID), to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
        let request = try await stage.request("GET", endpoint)
        try stage.fail(
            request, after: .milliseconds(12),
            with: HTTPTransportError(
                "not connected to the internet", code: HTTPTransportError.Code.notConnectedToInternet))
        _ = try await settled
    }

    static let replyMissingGUID = Scenario(
        "bridge/promise-reply-missing-guid.json", contract: .promiseReplyBridge,
        description: "A message without a guid, awaiting a reply, is rejected at once with an error reply; "
            + "nothing is fetched."
    ) { stage in
        stage.advance(by: .milliseconds(480))
        _ = try await stage.page.postMessageAwaitingReply(
            .object(["action": .string("randomUser")]), to: PromiseReplyBridge.handlerName, frame: page,
            timeout: stage.patience)
    }

    /// A guid of each class the page could send that is still a string: empty,
    /// whitespace only, and non-ASCII text with a quote and a line separator.
    static let oddGUIDs = ["", "   ", "ünïcødé-🔑-\"q\"\u{2028}end"]

    static let guidTypesIgnored = Scenario(
        "bridge/promise-guid-types-ignored.json", contract: .promiseBridge,
        description: "A guid that is a number, null, a boolean or an array, and a body that is a string or an "
            + "array instead of an object, name no promise: nothing is fetched for them; the well-formed message "
            + "after them is settled."
    ) { stage in
        let bodies: [JSONValue] = [
            .object(["guid": .number(42)]), .object(["guid": .null]), .object(["guid": .bool(true)]),
            .object(["guid": .array([.string(firstGUID)])]), .string(firstGUID), .array([guidBody(firstGUID)]),
        ]
        for body in bodies {
            stage.advance(by: .milliseconds(300))
            try stage.page.postMessage(body, to: PromiseBridge.handlerName, frame: page)
        }
        stage.advance(by: .milliseconds(900))
        try stage.page.postMessage(guidBody(secondGUID), to: PromiseBridge.handlerName, frame: page)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(to: request, after: .milliseconds(171), with: RandomUsers.response(RandomUsers.jordan))
        try await stage.waitForEvents(JavaScriptResult.eventKind, count: 1)
    }

    static let replyGUIDTypes = Scenario(
        "bridge/promise-reply-guid-types.json", contract: .promiseReplyBridge,
        description: "A guid that is a number, null, a boolean or an array, and a body that is a string or an "
            + "array, are rejected at once with an error reply each: nothing is fetched for them. An empty guid is "
            + "still a string guid: it is fetched for and replied to with the data."
    ) { stage in
        let bodies: [JSONValue] = [
            .object(["guid": .number(7)]), .object(["guid": .null]), .object(["guid": .bool(false)]),
            .object(["guid": .array([])]), .string(firstGUID), .array([guidBody(firstGUID)]),
        ]
        for body in bodies {
            stage.advance(by: .milliseconds(450))
            _ = try await stage.page.postMessageAwaitingReply(
                body, to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
        }
        stage.advance(by: .milliseconds(450))
        async let settled = stage.page.postMessageAwaitingReply(
            guidBody(""), to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
        let request = try await stage.request("GET", endpoint)
        try stage.respond(to: request, after: .milliseconds(102), with: RandomUsers.response(RandomUsers.avery))
        _ = try await settled
    }

    static let oddStringGUIDs = Scenario(
        "bridge/promise-guid-empty-whitespace-non-ascii.json", contract: .promiseBridge,
        description: "An empty guid, a whitespace-only guid and a non-ASCII guid with a quote and U+2028 are "
            + "string guids: each is fetched for and passed back unchanged, as one escaped literal."
    ) { stage in
        for (number, guid) in oddGUIDs.enumerated() {
            stage.advance(by: .milliseconds(600))
            try stage.page.postMessage(guidBody(guid), to: PromiseBridge.handlerName, frame: page)
            let request = try await stage.request("GET", endpoint)
            try stage.respond(
                to: request, after: .milliseconds(90),
                with: HTTPResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                    body: .text("user \(number + 1)")))
            try await stage.waitForEvents(JavaScriptResult.eventKind, count: number + 1)
        }
    }

    static let askedAgainAfterSettling = Scenario(
        "bridge/promise-asked-again-after-settling.json", contract: .promiseBridge,
        description: "A promise rejected after a 503 and then one settled with data are each asked for again "
            + "with the same guid: a settled guid is not remembered, each message fetches again and is settled "
            + "again with its own response."
    ) { stage in
        let answers = [
            HTTPResponse(
                status: 503, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                body: .text("Service Unavailable")),
            RandomUsers.response(RandomUsers.avery), RandomUsers.response(RandomUsers.jordan),
        ]
        for (number, answer) in answers.enumerated() {
            stage.advance(by: .milliseconds(700))
            try stage.page.postMessage(guidBody(firstGUID), to: PromiseBridge.handlerName, frame: page)
            let request = try await stage.request("GET", endpoint)
            try stage.respond(to: request, after: .milliseconds(110), with: answer)
            try await stage.waitForEvents(JavaScriptResult.eventKind, count: number + 1)
        }
    }

    static let replyAskedAgainAfterSettling = Scenario(
        "bridge/promise-reply-asked-again-after-settling.json", contract: .promiseReplyBridge,
        description: "After an error reply to a 503, the page posts the same guid again and then once more: "
            + "each message fetches again and gets exactly one reply of its own."
    ) { stage in
        let answers = [
            HTTPResponse(status: 503, headers: [HTTPHeader("Retry-After", "5")], body: .text("Service Unavailable")),
            RandomUsers.response(RandomUsers.avery), RandomUsers.response(RandomUsers.jordan),
        ]
        for answer in answers {
            stage.advance(by: .milliseconds(650))
            async let settled = stage.page.postMessageAwaitingReply(
                guidBody(secondGUID), to: PromiseReplyBridge.handlerName, frame: page, timeout: stage.patience)
            let request = try await stage.request("GET", endpoint)
            try stage.respond(to: request, after: .milliseconds(95), with: answer)
            _ = try await settled
        }
    }

    static func guidBody(_ guid: String) -> JSONValue {
        .object(["guid": .string(guid)])
    }
}
