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
