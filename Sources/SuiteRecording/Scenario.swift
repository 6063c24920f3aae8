import Foundation
import HybridReplay
import HybridReplayReference

/// One session of the conformance suite: the platform's side of it, played
/// against a contract's reference implementation and recorded as a cassette.
///
/// ```swift
/// Scenario("router/push-red.json", contract: .navigationRouter, description: "…") { stage in
///     stage.advance(by: .seconds(2))
///     _ = try await stage.page.navigate(NavigationAction(url: "navigate://push?r=255&g=0&b=0", …))
/// }
/// ```
///
/// The drive plays the page, the server, the user and the device step by
/// step: it moves the clock, delivers a stimulus, and waits for the last
/// effect of the reaction before the next one, so that re-recording an
/// unchanged implementation gives the same bytes (see ``record()``).
package struct Scenario: Sendable, Identifiable {
    /// Where the cassette goes inside the suite's folder, such as
    /// `router/present-yellow.json`: a folder named for the seam, then the file.
    package var path: String
    /// The cassette's name: the path without `.json`, with `-` for `/`, such as `router-present-yellow`.
    package var name: String
    /// What the session shows, in a sentence or two.
    package var description: String
    /// The contract the session exercises; its `setUp` builds the implementation.
    package var contract: ReferenceContract
    /// The state of the platform before the implementation is set up.
    package var setting: Setting
    /// What the recorder hides, listed in the cassette's `redactions`.
    package var redaction: Redaction
    /// Plays the platform's side of the session.
    package var drive: @Sendable (ScenarioStage) async throws -> Void

    package var id: String { path }

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - path: Where the cassette goes, such as `router/present-yellow.json`.
    ///   - contract: The contract the session exercises.
    ///   - description: What the session shows.
    ///   - setting: The state of the platform before the implementation is set up.
    ///   - redaction: What the recorder hides; the default rules unless the
    ///     contract's stimuli carry credentials of their own.
    ///   - drive: Plays the platform's side of the session.
    package init(
        _ path: String, contract: ReferenceContract, description: String, setting: Setting = Setting(),
        redaction: Redaction = .default, drive: @escaping @Sendable (ScenarioStage) async throws -> Void
    ) {
        self.path = path
        self.name = Self.name(forPath: path)
        self.description = description
        self.contract = contract
        self.setting = setting
        self.redaction = redaction
        self.drive = drive
    }

    /// `router/present-yellow.json` → `router-present-yellow`.
    static func name(forPath path: String) -> String {
        let stem = path.hasSuffix(".json") ? String(path.dropLast(".json".count)) : path
        return stem.replacingOccurrences(of: "/", with: "-")
    }
}

extension Scenario {
    /// The state of the simulated platform before the implementation is set
    /// up: what the device's location authorization is, and what the cookie
    /// jar already holds.
    package struct Setting: Sendable {
        /// The location authorization the app starts with.
        package var authorization: AuthorizationStatus
        /// The accuracy authorization reported with every status.
        package var accuracy: AccuracyAuthorization?
        /// Cookies in the jar before the session, put there directly so that
        /// only the implementation's own reads and writes are recorded, such
        /// as the authentication cookie stored at login.
        package var cookies: [Cookie]

        /// Creates a setting.
        ///
        /// - Parameters:
        ///   - authorization: The location authorization the app starts with.
        ///     A prompt is never answered on its own: the scenario answers it
        ///     with `changeAuthorization(to:)` after the time a user takes.
        ///   - accuracy: The accuracy authorization reported with every status.
        ///   - cookies: The cookies in the jar before the session.
        package init(
            authorization: AuthorizationStatus = .notDetermined, accuracy: AccuracyAuthorization? = .full,
            cookies: [Cookie] = []
        ) {
            self.authorization = authorization
            self.accuracy = accuracy
            self.cookies = cookies
        }
    }
}
