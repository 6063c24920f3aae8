import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

/// Turns what WebKit's evaluation completion handlers deliver into the seam's result.
package enum JavaScriptConversion {
    /// The key WebKit puts the exception's message under in an evaluation
    /// error's `userInfo` (`WKJavaScriptExceptionMessage`, from WebKit's
    /// WKErrorPrivate.h; not public API, so its absence falls back to the
    /// error's description).
    package static let exceptionMessageKey = "WKJavaScriptExceptionMessage"

    /// The seam's result for the `Result` WebKit's frame-and-world variants deliver.
    package static func result(_ result: Result<Any, any Error>) -> Result<JSONValue, JavaScriptError> {
        switch result {
        case .success(let value): self.result(value: value, error: nil)
        case .failure(let error): self.result(value: nil, error: error)
        }
    }

    /// The seam's result for WebKit's `(value, error)` pair: `nil` (JavaScript
    /// `undefined`) becomes `null`; a value with no JSON form is an error.
    package static func result(value: Any?, error: (any Error)?) -> Result<JSONValue, JavaScriptError> {
        if let error {
            let nsError = error as NSError
            let message = nsError.userInfo[exceptionMessageKey] as? String ?? nsError.localizedDescription
            return .failure(JavaScriptError(message))
        }
        guard let value else { return .success(.null) }
        do {
            return .success(try ScriptValueConversion.jsonValue(from: value, at: "result"))
        } catch {
            return .failure(JavaScriptError("\(error)"))
        }
    }
}
