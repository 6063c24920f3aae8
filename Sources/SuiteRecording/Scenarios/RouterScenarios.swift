import HybridReplay
import HybridReplayReference

/// The navigation router's sessions: `navigate://` links become native
/// routes, other links load, and every action gets exactly one decision.
enum RouterScenarios {
    /// The seed's page of coloured links.
    static let index = "https://router.example.com/index.html"
    static let mainFrame = Frame.main(index)

    static let all: [Scenario] = [
        presentYellow, pushRed, ordinaryLink, newWindowLink, unknownTransition, missingColour, invalidColour,
        colourBoundaries, schemeCase, otherNavigationTypes, scriptNewWindow, newWindowPost, colourTextClasses,
        afterCancel,
    ]

    static let presentYellow = Scenario(
        "router/present-yellow.json", contract: .navigationRouter,
        description: "Tapping the yellow link (target=\"_blank\", so no target frame) asks for "
            + "navigate://present?r=255&g=255&b=0; native code presents a yellow screen and cancels the navigation."
    ) { stage in
        stage.advance(by: .milliseconds(2_300))
        try await tap(stage, "navigate://present?r=255&g=255&b=0", targetFrame: nil)
    }

    static let pushRed = Scenario(
        "router/push-red.json", contract: .navigationRouter,
        description: "A link in the main frame to navigate://push?r=255&g=0&b=0 pushes a red screen and is "
            + "cancelled: the scheme decides, whatever the link's target."
    ) { stage in
        stage.advance(by: .milliseconds(1_900))
        try await tap(stage, "navigate://push?r=255&g=0&b=0", targetFrame: mainFrame)
    }

    static let ordinaryLink = Scenario(
        "router/ordinary-link.json", contract: .navigationRouter,
        description: "An ordinary https link in the main frame is allowed to load, and so is the navigation the "
            + "page's script starts afterwards (navigation type other); neither shows a route."
    ) { stage in
        stage.advance(by: .milliseconds(1_400))
        try await tap(stage, "https://router.example.com/about.html", targetFrame: mainFrame)
        stage.advance(by: .milliseconds(3_200))
        try await navigate(
            stage,
            NavigationAction(
                url: "https://router.example.com/colours.html", navigationType: .other,
                sourceFrame: .main("https://router.example.com/about.html"),
                targetFrame: .main("https://router.example.com/about.html")))
    }

    static let newWindowLink = Scenario(
        "router/new-window-link.json", contract: .navigationRouter,
        description: "An https link with target=\"_blank\" (no target frame) is loaded in this web view and "
            + "cancelled, as the seed loads every link; WebKit then asks about that load, which is allowed."
    ) { stage in
        stage.advance(by: .milliseconds(2_700))
        let article = "https://www.example.com/articles/hybrid-apps"
        try await tap(stage, article, targetFrame: nil)
        stage.advance(by: .milliseconds(12))
        try await navigate(
            stage,
            NavigationAction(url: article, navigationType: .other, sourceFrame: mainFrame, targetFrame: mainFrame))
    }

    static let unknownTransition = Scenario(
        "router/unknown-transition.json", contract: .navigationRouter,
        description: "navigate://slide?r=0&g=128&b=255 names a transition the app does not have: nothing is "
            + "shown, and the navigation is still cancelled, where the seed never decides."
    ) { stage in
        stage.advance(by: .milliseconds(1_600))
        try await tap(stage, "navigate://slide?r=0&g=128&b=255", targetFrame: nil)
    }

    static let missingColour = Scenario(
        "router/missing-colour.json", contract: .navigationRouter,
        description: "navigate://present?r=255&g=255 lacks its blue component: nothing is shown, and the "
            + "navigation is cancelled."
    ) { stage in
        stage.advance(by: .milliseconds(1_800))
        try await tap(stage, "navigate://present?r=255&g=255", targetFrame: nil)
    }

    static let invalidColour = Scenario(
        "router/invalid-colour.json", contract: .navigationRouter,
        description: "A colour component that is not a number (r=red) and one outside 0 to 255 (r=300) show "
            + "nothing; both navigations are cancelled."
    ) { stage in
        stage.advance(by: .milliseconds(1_500))
        try await tap(stage, "navigate://push?r=red&g=0&b=0", targetFrame: nil)
        stage.advance(by: .milliseconds(2_400))
        try await tap(stage, "navigate://present?r=300&g=0&b=0", targetFrame: nil)
    }

    static let colourBoundaries = Scenario(
        "router/colour-boundaries.json", contract: .navigationRouter,
        description: "Both ends of 0 to 255 are colours (r=0&g=0&b=0 presents black, r=255&g=255&b=255 pushes "
            + "white); just outside them (r=256, r=-1) nothing is shown. All four are cancelled."
    ) { stage in
        stage.advance(by: .milliseconds(1_100))
        try await tap(stage, "navigate://present?r=0&g=0&b=0", targetFrame: nil)
        stage.advance(by: .milliseconds(1_300))
        try await tap(stage, "navigate://present?r=256&g=0&b=0", targetFrame: nil)
        stage.advance(by: .milliseconds(1_200))
        try await tap(stage, "navigate://present?r=-1&g=0&b=0", targetFrame: nil)
        stage.advance(by: .milliseconds(1_700))
        try await tap(stage, "navigate://push?r=255&g=255&b=255", targetFrame: mainFrame)
    }

    static let schemeCase = Scenario(
        "router/scheme-case.json", contract: .navigationRouter,
        description: "URL schemes are case-insensitive: NAVIGATE://present?r=0&g=0&b=255 presents blue and "
            + "Navigate://push?r=0&g=255&b=0 pushes green; both are cancelled, never loaded."
    ) { stage in
        stage.advance(by: .milliseconds(1_600))
        try await tap(stage, "NAVIGATE://present?r=0&g=0&b=255", targetFrame: nil)
        stage.advance(by: .milliseconds(2_100))
        try await tap(stage, "Navigate://push?r=0&g=255&b=0", targetFrame: mainFrame)
    }

    static let otherNavigationTypes = Scenario(
        "router/other-navigation-types.json", contract: .navigationRouter,
        description: "A navigate: URL is routed and cancelled however the navigation started (a form "
            + "submission, a reload, back/forward); https navigations of those types are allowed."
    ) { stage in
        stage.advance(by: .milliseconds(1_000))
        try await navigate(stage, action("navigate://present?r=255&g=0&b=255", type: .formSubmitted, method: "POST"))
        stage.advance(by: .milliseconds(1_500))
        try await navigate(stage, action("navigate://push?r=0&g=128&b=128", type: .reload))
        stage.advance(by: .milliseconds(1_500))
        try await navigate(stage, action("navigate://present?r=10&g=20&b=30", type: .backForward))
        stage.advance(by: .milliseconds(1_500))
        try await navigate(stage, action("https://router.example.com/search", type: .formSubmitted, method: "POST"))
        stage.advance(by: .milliseconds(1_500))
        try await navigate(stage, action(index, type: .reload))
        stage.advance(by: .milliseconds(1_500))
        try await navigate(stage, action("https://router.example.com/about.html", type: .backForward))
        stage.advance(by: .milliseconds(1_500))
        try await navigate(stage, action("https://router.example.com/form", type: .formResubmitted, method: "POST"))
    }

    static let scriptNewWindow = Scenario(
        "router/script-new-window.json", contract: .navigationRouter,
        description: "window.open from the page's script asks for a new window (no target frame) with "
            + "navigation type other: it is not a link tap, so it is allowed and nothing is loaded here."
    ) { stage in
        stage.advance(by: .milliseconds(2_200))
        try await navigate(stage, action("https://www.example.com/popup", type: .other, targetFrame: nil))
    }

    static let newWindowPost = Scenario(
        "router/new-window-post.json", contract: .navigationRouter,
        description: "A target=\"_blank\" link that POSTs is loaded here with its method and cancelled; a form "
            + "posted to a new window (a form submission, not a link tap) is allowed."
    ) { stage in
        stage.advance(by: .milliseconds(1_800))
        try await navigate(
            stage, action("https://www.example.com/checkout", type: .linkActivated, method: "POST", targetFrame: nil))
        stage.advance(by: .milliseconds(12))
        try await navigate(
            stage, action("https://www.example.com/checkout", type: .other, method: "POST"))
        stage.advance(by: .milliseconds(2_000))
        try await navigate(
            stage, action("https://www.example.com/subscribe", type: .formSubmitted, method: "POST", targetFrame: nil))
    }

    static let colourTextClasses = Scenario(
        "router/colour-empty-whitespace-non-ascii.json", contract: .navigationRouter,
        description: "A colour component that is empty (r=), only whitespace (g=%20), full-width digits "
            + "(b=２５５) or holds a line break (r=1%0A2) is not a number: nothing is shown and each navigation "
            + "is cancelled; a well-formed link after them is routed."
    ) { stage in
        let malformed = [
            "navigate://present?r=&g=0&b=0", "navigate://present?r=0&g=%20&b=0",
            "navigate://push?r=0&g=0&b=%EF%BC%92%EF%BC%95%EF%BC%95", "navigate://push?r=1%0A2&g=0&b=0",
        ]
        for url in malformed {
            stage.advance(by: .milliseconds(1_100))
            try await tap(stage, url, targetFrame: nil)
        }
        stage.advance(by: .milliseconds(1_400))
        try await tap(stage, "navigate://present?r=0&g=0&b=128", targetFrame: nil)
    }

    static let afterCancel = Scenario(
        "router/after-cancel.json", contract: .navigationRouter,
        description: "After a navigate: link is routed and cancelled, the same link tapped again is routed and "
            + "cancelled again, a malformed one after it is cancelled with no route, and an https link after "
            + "that is allowed: a cancelled navigation leaves nothing behind."
    ) { stage in
        stage.advance(by: .milliseconds(1_200))
        try await tap(stage, "navigate://push?r=0&g=0&b=255", targetFrame: mainFrame)
        stage.advance(by: .milliseconds(900))
        try await tap(stage, "navigate://push?r=0&g=0&b=255", targetFrame: mainFrame)
        stage.advance(by: .milliseconds(1_300))
        try await tap(stage, "navigate://push?r=0&g=0", targetFrame: mainFrame)
        stage.advance(by: .milliseconds(1_600))
        try await tap(stage, "https://router.example.com/about.html", targetFrame: mainFrame)
    }

    /// A navigation of `type` from the index page, in the main frame unless `targetFrame` says otherwise.
    static func action(
        _ url: String, type: NavigationType, method: String = "GET", targetFrame: Frame? = mainFrame
    ) -> NavigationAction {
        NavigationAction(url: url, method: method, navigationType: type, sourceFrame: mainFrame, targetFrame: targetFrame)
    }

    /// The user taps a link on the index page, and WebKit asks the delegate about it.
    static func tap(_ stage: ScenarioStage, _ url: String, targetFrame: Frame?) async throws {
        try await navigate(
            stage,
            NavigationAction(
                url: url, navigationType: .linkActivated, sourceFrame: mainFrame, targetFrame: targetFrame))
    }

    /// WebKit asks the delegate about `action` and waits for its decision.
    static func navigate(_ stage: ScenarioStage, _ action: NavigationAction) async throws {
        _ = try await stage.page.navigate(action, timeout: stage.patience)
    }
}
