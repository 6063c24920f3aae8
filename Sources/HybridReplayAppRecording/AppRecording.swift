import Foundation
import HybridReplay

/// Records one session of an app's own code on a simulator or a device —
/// a screen, from when it appears until it closes — into a cassette file.
///
/// The app builds its live platform from the adapters (`WebKitWebView`,
/// `WebKitCookieStore`, `CoreLocationManager`, a URLSession transport),
/// asks ``start(_:wrapping:contract:description:redaction:engine:onCI:settings:)``
/// for a recording, and hands its code ``platform`` in place of the live one.
/// Nothing is recorded unless the launch environment names the session
/// (``AppRecordingSettings``), and nothing when `CI` is set unless the call
/// says ``CIPolicy/record``. Events are redacted as they are recorded
/// (``defaultRedaction``); ``write()`` checks the cassette and replaces the
/// file atomically.
///
/// Link this product only into a build that records — a debug-only app
/// target or the UI-test host — never into the release app: it brings the
/// engine. See `docs/recording-an-app-session.md`.
public final class AppRecording: Sendable {
    /// The session's name, which is the cassette's name and file name.
    public let name: String
    /// Where ``write()`` puts the cassette: `<directory>/<name>.json`.
    public let file: URL
    /// The live platform wrapped: give this to the app code in place of the live one.
    public let platform: Platform

    private let recorder: Recorder

    /// What ``start(_:wrapping:contract:description:redaction:engine:onCI:settings:)`` redacts
    /// by default: ``Redaction/default`` (cookies, `Authorization`, tokens) and the headers
    /// of the cookie loader's `custom` `load` stimuli, which the default rules do not look inside.
    public static let defaultRedaction: Redaction = .default + LoadRequestHandler.headerRedaction()

    /// Starts recording the session `name` when the launch environment asks for it.
    ///
    /// - Parameters:
    ///   - name: The session, such as `promise-screen`: letters, digits, `-`, `_` and `.`.
    ///   - live: The app's live platform.
    ///   - contract: The contract the cassette is replayed against, such as `promise-bridge`.
    ///   - description: What the session does, written in the cassette.
    ///   - redaction: What to hide before anything is stored; ``defaultRedaction`` by default.
    ///   - engine: Where the events come from, written in the cassette's `recordedBy`.
    ///   - onCI: Whether to record while `CI` is set; ``CIPolicy/refuse`` by default.
    ///   - settings: Which sessions to record and where; read from the process's environment by default.
    /// - Returns: The recording, or `nil` when the settings do not name `name` (the app runs on `live`).
    /// - Throws: ``AppRecordingError`` when `name` is asked for but may not or cannot be recorded:
    ///   `CI` is set, the name is no file name, or the folder cannot be created.
    public static func start(
        _ name: String, wrapping live: Platform, contract: String? = nil, description: String? = nil,
        redaction: Redaction = defaultRedaction, engine: String = "WKWebView", onCI: CIPolicy = .refuse,
        settings: AppRecordingSettings? = nil
    ) throws(AppRecordingError) -> AppRecording? {
        let resolved: AppRecordingSettings
        if let settings { resolved = settings } else { resolved = try AppRecordingSettings.fromEnvironment() }
        guard resolved.records(name) else { return nil }
        guard onCI.permits(isCI: resolved.isCI) else {
            throw AppRecordingError(.refusedOnCI, session: name, file: nil, problems: [])
        }
        guard isFileName(name) else {
            throw AppRecordingError(
                .invalidName, session: name, file: nil,
                problems: ["'\(name)' is not a cassette name: use letters, digits, '-', '_' and '.', not starting with '.'"])
        }
        guard let directory = resolved.directory else {
            throw AppRecordingError(
                .invalidDirectory, session: name, file: nil,
                problems: ["the system names no documents folder; set \(AppRecordingSettings.directoryVariable) to an absolute path"])
        }
        try createDirectory(directory, for: name)
        let recorder = Recorder(
            name: name, description: description, contract: contract, redaction: redaction, clock: live.clock,
            engine: engine)
        return AppRecording(
            name: name, file: directory.appendingPathComponent("\(name).json"), recorder: recorder,
            platform: recorder.platform(wrapping: live))
    }

    private init(name: String, file: URL, recorder: Recorder, platform: Platform) {
        self.name = name
        self.file = file
        self.recorder = recorder
        self.platform = platform
    }

    /// The events recorded so far, redacted, in id order.
    public var events: [Event] { recorder.events }

    /// Writes everything recorded so far to ``file`` as a canonical cassette, atomically.
    ///
    /// Call it when the screen closes and when the app leaves the foreground
    /// (a UI test ends by terminating the app, which gives it no last word);
    /// each call replaces the file with the whole session so far, so calling
    /// it twice is harmless. The cassette is validated and read back before
    /// anything is written; on any problem the file is left as it was.
    ///
    /// - Returns: ``file``.
    /// - Throws: ``AppRecordingError`` with ``AppRecordingError/Code/invalidRecording``
    ///   listing every problem, or ``AppRecordingError/Code/notWritten`` with the file system's reason.
    @discardableResult
    public func write() throws(AppRecordingError) -> URL {
        do {
            try Self.createDirectory(file.deletingLastPathComponent(), for: name)
            try recorder.write(to: file)
        } catch let error as AppRecordingError {
            throw error
        } catch let error as RecordingError {
            throw AppRecordingError(
                error.stage == .writing ? .notWritten : .invalidRecording, session: name, file: file.path,
                problems: error.problems)
        } catch {
            throw AppRecordingError(.notWritten, session: name, file: file.path, problems: ["\(error)"])
        }
        return file
    }

    /// Whether `name` can be a file name on every platform the package runs on.
    static func isFileName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.utf8.count <= 200 else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        }
    }

    private static func createDirectory(_ directory: URL, for name: String) throws(AppRecordingError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AppRecordingError(
                    .invalidDirectory, session: name, file: directory.path, problems: ["it is a file, not a folder"])
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AppRecordingError(
                .invalidDirectory, session: name, file: directory.path,
                problems: ["the folder cannot be created: \(error.localizedDescription)"])
        }
    }
}
