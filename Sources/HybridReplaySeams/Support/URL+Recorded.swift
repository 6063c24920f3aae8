import Foundation

extension URL {
    /// The URL a recorded text stands for, as WebKit hands it to app code:
    /// `URL(string:)` when Foundation reads `text` back to the same text,
    /// otherwise the URL made from the text's bytes; `nil` only for text that
    /// is no absolute URL at all (empty, or without a scheme).
    ///
    /// WebKit parses a URL by the WHATWG standard, which keeps what
    /// Foundation's strict parser refuses: a `%` that starts no escape in an
    /// opaque host (`navigate://present%?r=255`) or a path (`/a%zz`). It
    /// makes the `NSURL` it hands over (`navigationAction.request.url`) from
    /// those bytes with `CFURLCreateAbsoluteURLWithBytes`, so on Apple
    /// platforms app code gets a URL, where `URL(string:)` on Linux returns
    /// `nil` for such a host. `URL(dataRepresentation:relativeTo:isAbsolute:)`
    /// is that call on Apple platforms (its `dataRepresentation` is the bytes
    /// given); on Linux it percent-encodes what a URL cannot hold, so the
    /// stray `%` reads `%25` in `absoluteString` while `scheme`, `host`,
    /// `path` and `query` read as the recorded text says. The recorded text
    /// itself stays in each value's `urlString`.
    ///
    /// - Parameter text: The URL as a cassette records it.
    package init?(recorded text: String) {
        if let url = URL(string: text), url.absoluteString == text {
            self = url
            return
        }
        guard let url = URL(dataRepresentation: Data(text.utf8), relativeTo: nil, isAbsolute: true), url.scheme != nil
        else { return nil }
        self = url
    }
}
