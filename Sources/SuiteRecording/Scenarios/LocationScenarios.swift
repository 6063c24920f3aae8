import HybridReplay
import HybridReplaySimulation
import HybridReplayReference

/// The device location service's sessions: the authorization flow, the
/// coordinates it publishes, and how errors and revocation end them.
///
/// The service configures the manager and becomes its delegate when it is
/// set up; the manager reports the current authorization at once, as
/// `CLLocationManager` does, and the service ignores it. Each session then
/// has the app ask for updates, as the seed's view does on appear, with a
/// `custom.requestLocationUpdates` stimulus (see ``requestUpdates(_:after:)``).
/// A prompt is answered by the scenario, after the time a user takes to read it.
enum LocationScenarios {
    static let all: [Scenario] = [
        whenInUseGranted, alreadyAuthorized, denied, restricted, batchOfFixes, locationUnknownTransient,
        deniedErrorFatal, revokedWhileUpdating, idleUntilRequested, allowOnceExpired, finishedAfterFatalError,
        secondFatalError, askAgainWhileDenied, everyEntryPointAfterFatalError, emptyBatch,
    ]

    static let secondFatalError = Scenario(
        "location/second-fatal-error.json", contract: .deviceLocationService,
        description: "A fatal network error finishes the stream; a second fatal error (denied) that the device "
            + "reports afterwards neither completes it again nor stops anything again.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(1_000))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .milliseconds(2_400))
        stage.device.fail(with: .network)
        stage.advance(by: .milliseconds(1_700))
        stage.device.fail(with: .denied)
    }

    static let askAgainWhileDenied = Scenario(
        "location/ask-again-while-denied.json", contract: .deviceLocationService,
        description: "Location is denied when the app asks for updates, and the app asks twice more: every time "
            + "the service stops updates and publishes the denied signal, and never asks the user or starts.",
        setting: Scenario.Setting(authorization: .denied)
    ) { stage in
        try requestUpdates(stage)
        try requestUpdates(stage, after: .seconds(4))
        try requestUpdates(stage, after: .seconds(9))
    }

    static let whenInUseGranted = Scenario(
        "location/when-in-use-granted.json", contract: .deviceLocationService,
        description: "Authorization is not determined, so when the app asks for updates the service asks for "
            + "when-in-use; the user allows it, updates start, and each fix's coordinate is published."
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(2_400))
        stage.device.changeAuthorization(to: .authorizedWhenInUse)
        stage.advance(by: .milliseconds(1_100))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .seconds(1))
        stage.device.deliver([Fixes.walk[1]])
    }

    static let alreadyAuthorized = Scenario(
        "location/already-authorized.json", contract: .deviceLocationService,
        description: "The app is already authorized always: when it asks for updates the service starts "
            + "updating without asking the user, and publishes each fix's coordinate.",
        setting: Scenario.Setting(authorization: .authorizedAlways)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(900))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .seconds(1))
        stage.device.deliver([Fixes.walk[1]])
    }

    static let denied = Scenario(
        "location/denied.json", contract: .deviceLocationService,
        description: "The app asks for updates, the service asks for when-in-use authorization and the user "
            + "denies it: updates are stopped and the denied signal is published."
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(3_200))
        stage.device.changeAuthorization(to: .denied)
    }

    static let restricted = Scenario(
        "location/restricted.json", contract: .deviceLocationService,
        description: "Location access is restricted (parental controls) when the app asks for updates: the "
            + "service does not ask the user, stops updates and publishes the denied signal.",
        setting: Scenario.Setting(authorization: .restricted)
    ) { stage in
        try requestUpdates(stage)
    }

    static let batchOfFixes = Scenario(
        "location/batch-of-fixes.json", contract: .deviceLocationService,
        description: "Three fixes arrive in one batch, oldest first; only the last one's coordinate is published.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(3_050))
        stage.device.deliver(Array(Fixes.walk[0...2]))
    }

    static let locationUnknownTransient = Scenario(
        "location/location-unknown-transient.json", contract: .deviceLocationService,
        description: "A locationUnknown error is transient: the service keeps updating, publishes nothing for "
            + "it, and publishes the fixes that follow.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(1_000))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .milliseconds(4_000))
        stage.device.fail(with: .locationUnknown)
        stage.advance(by: .milliseconds(2_500))
        stage.device.deliver([Fixes.walk[1]])
        stage.advance(by: .seconds(1))
        stage.device.deliver([Fixes.walk[2]])
    }

    static let deniedErrorFatal = Scenario(
        "location/denied-error-fatal.json", contract: .deviceLocationService,
        description: "A denied error is fatal: the service stops updating and completes the coordinate stream "
            + "with the error; a fix that still arrives after it is not published.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(1_000))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .milliseconds(6_300))
        stage.device.fail(with: .denied)
        stage.advance(by: .milliseconds(800))
        stage.device.deliver([Fixes.walk[1]])
    }

    static let revokedWhileUpdating = Scenario(
        "location/revoked-while-updating.json", contract: .deviceLocationService,
        description: "The app asks for updates and the user allows when-in-use; fixes are published, then "
            + "access is revoked in Settings: the service stops updating and publishes the denied signal."
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(1_800))
        stage.device.changeAuthorization(to: .authorizedWhenInUse)
        stage.advance(by: .milliseconds(1_000))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .seconds(1))
        stage.device.deliver([Fixes.walk[1]])
        stage.advance(by: .seconds(30))
        stage.device.changeAuthorization(to: .denied)
    }

    static let idleUntilRequested = Scenario(
        "location/idle-until-requested.json", contract: .deviceLocationService,
        description: "The service stays idle until the app asks: the authorization reported at set-up, and "
            + "access revoked then allowed again in Settings, do nothing; when the app then asks, updates start "
            + "and the next fix is published.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        stage.advance(by: .seconds(4))
        stage.device.changeAuthorization(to: .denied)
        stage.advance(by: .milliseconds(3_500))
        stage.device.changeAuthorization(to: .authorizedWhenInUse)
        try requestUpdates(stage, after: .milliseconds(1_600))
        stage.advance(by: .milliseconds(1_000))
        stage.device.deliver([Fixes.walk[0]])
    }

    static let allowOnceExpired = Scenario(
        "location/allow-once-expired.json", contract: .deviceLocationService,
        description: "The user allows location once; when the app is no longer in use the grant expires and "
            + "authorization is not determined again: the service neither stops nor signals denial, and asks "
            + "the user again when the app next asks for updates."
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(2_700))
        stage.device.changeAuthorization(to: .authorizedWhenInUse)
        stage.advance(by: .milliseconds(1_100))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .seconds(95))
        stage.device.changeAuthorization(to: .notDetermined)
        try requestUpdates(stage, after: .seconds(40))
        stage.advance(by: .milliseconds(1_900))
        stage.device.changeAuthorization(to: .authorizedWhenInUse)
    }

    static let finishedAfterFatalError = Scenario(
        "location/finished-after-fatal-error.json", contract: .deviceLocationService,
        description: "After a fatal network error the service is finished: neither allowing always in Settings "
            + "nor the app asking for updates again starts updating or asks the user.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(1_000))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .milliseconds(5_200))
        stage.device.fail(with: .network)
        stage.advance(by: .seconds(12))
        stage.device.changeAuthorization(to: .authorizedAlways)
        try requestUpdates(stage, after: .seconds(3))
    }

    static let everyEntryPointAfterFatalError = Scenario(
        "location/every-entry-point-after-fatal-error.json", contract: .deviceLocationService,
        description: "After a fatal network error has finished the service, every entry point is tried again: "
            + "authorization back to not determined, the app asking, locationUnknown and a fix do nothing; denial "
            + "in Settings stops and signals, and so do the app asking while denied and a change to restricted; allowed "
            + "again starts nothing.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(1_000))
        stage.device.deliver([Fixes.walk[0]])
        stage.advance(by: .milliseconds(3_000))
        stage.device.fail(with: .network)
        stage.advance(by: .seconds(5))
        stage.device.changeAuthorization(to: .notDetermined)
        try requestUpdates(stage, after: .seconds(2))
        stage.advance(by: .seconds(1))
        stage.device.fail(with: .locationUnknown)
        stage.advance(by: .seconds(1))
        stage.device.deliver([Fixes.walk[1]])
        stage.advance(by: .seconds(6))
        stage.device.changeAuthorization(to: .denied)
        try requestUpdates(stage, after: .seconds(2))
        stage.advance(by: .seconds(4))
        stage.device.changeAuthorization(to: .restricted)
        stage.advance(by: .seconds(8))
        stage.device.changeAuthorization(to: .authorizedWhenInUse)
    }

    static let emptyBatch = Scenario(
        "location/empty-batch.json", contract: .deviceLocationService,
        description: "A batch without fixes publishes nothing and ends nothing; the one-fix batch after it is "
            + "published.",
        setting: Scenario.Setting(authorization: .authorizedWhenInUse)
    ) { stage in
        try requestUpdates(stage)
        stage.advance(by: .milliseconds(1_200))
        stage.device.deliver([])
        stage.advance(by: .seconds(1))
        stage.device.deliver([Fixes.walk[0]])
    }

    /// The app asks for updates, as the seed's view does on appear: `delay`
    /// after the service was set up, or after the last thing the scenario did.
    ///
    /// - Throws: ``SimulationError`` when the contract registered no custom handler.
    static func requestUpdates(_ stage: ScenarioStage, after delay: Duration = .milliseconds(150)) throws {
        stage.advance(by: delay)
        try stage.custom.deliver(LocationRequestHandler.event())
    }
}

/// Fixes of a short walk west along the south side of Apple Park, Cupertino,
/// one second apart, with the accuracy fields an iPhone reports outdoors.
enum Fixes {
    static let walk: [LocationFix] = [
        fix(37.334670, -122.008980, course: 268.4, timestamp: "2026-11-30T10:15:02Z"),
        fix(37.334669, -122.008996, course: 269.1, timestamp: "2026-11-30T10:15:03Z"),
        fix(37.334668, -122.009012, course: 268.7, timestamp: "2026-11-30T10:15:04Z"),
    ]

    private static func fix(_ latitude: Double, _ longitude: Double, course: Double, timestamp: String) -> LocationFix {
        LocationFix(
            latitude: latitude, longitude: longitude, altitude: 52.4, ellipsoidalAltitude: 20.1,
            horizontalAccuracy: 4.7, verticalAccuracy: 3.2, course: course, courseAccuracy: 12.5, speed: 1.38,
            speedAccuracy: 0.42, timestamp: timestamp)
    }
}
