/// How a replay checks the bodies an app serves from its own bundle through
/// a URL scheme handler: its pages, scripts, styles, images and fonts.
///
/// The native half of a replay tests the native code that serves them; the
/// page itself is the web half's to test (`replayWebHalf`). So by default a
/// comment changed in the app's `app.js` does not fail a native test: the
/// status, MIME type, headers and whether a body was served are checked,
/// not its bytes. Answers of other types — JSON an app proxies from its API
/// through the scheme, for one — are always checked byte for byte.
public struct ServedFilesPolicy: Sendable, Hashable, CustomStringConvertible {
    private let name: String

    /// Checks the head of each served file and that a body came, not the body's bytes (the default).
    public static let shapeOnly = ServedFilesPolicy(name: "shapeOnly")
    /// Checks every byte of every served file as recorded.
    public static let pinned = ServedFilesPolicy(name: "pinned")

    public var description: String { name }

    /// The MIME types of what an app serves from its bundle, by prefix.
    static let fileTypes = [
        "text/html", "text/css", "text/javascript", "application/javascript", "application/x-javascript",
        "application/ecmascript", "image/", "font/", "application/font", "application/wasm", "audio/", "video/",
    ]

    /// Whether a response of `mimeType` serves one of the app's own files.
    static func isFile(mimeType: String?) -> Bool {
        guard let type = mimeType?.lowercased().split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        else { return false }
        return fileTypes.contains { type.hasPrefix($0) }
    }
}
