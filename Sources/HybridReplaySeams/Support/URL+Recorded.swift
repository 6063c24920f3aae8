import Foundation

extension URL {
    /// The URL a recorded text stands for: `URL(string:)` when Foundation
    /// reads `text` back to the same text, `nil` otherwise.
    ///
    /// Foundation percent-encodes what a URL cannot hold (a space, `<`, a
    /// stray `%`) and writes an international host in punycode, so
    /// `URL(string: "https://x/a b")` is `https://x/a%20b`. WebKit and
    /// `URLSession` never hand app code such a URL; a request app code built
    /// from it would carry different text from the recording and not replay.
    /// A value whose text is not a URL exactly therefore has no `url`, as a
    /// `URLRequest` made without one has none, and keeps its text.
    ///
    /// - Parameter text: The URL as a cassette records it.
    package init?(recorded text: String) {
        guard let url = URL(string: text), url.absoluteString == text else { return nil }
        self = url
    }
}
