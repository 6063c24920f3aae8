import Foundation
import HybridReplaySeams
import Testing

@Suite("HTTPTransportError from URLError")
struct TransportErrorConversionTests {
    @Test("a URLError keeps its code and NSURLErrorDomain, with its message in words")
    func urlErrors() {
        let timedOut = HTTPTransportError(URLError(.timedOut))
        #expect(timedOut == HTTPTransportError("timed out", code: -1001, domain: "NSURLErrorDomain"))
        let offline = HTTPTransportError(URLError(.notConnectedToInternet))
        #expect(offline.code == HTTPTransportError.Code.notConnectedToInternet)
        #expect(offline.message == "not connected to the internet")
        #expect(HTTPTransportError(URLError(.cannotFindHost)).message == "cannot find the host")
        #expect(HTTPTransportError(URLError(.dnsLookupFailed)).message == "cannot find the host")
    }

    @Test("too many redirects is the transport's own error; a code without words keeps its number")
    func specialCodes() {
        #expect(HTTPTransportError(URLError(.httpTooManyRedirects)) == .tooManyRedirects)
        #expect(HTTPTransportError(URLError(.userAuthenticationRequired)).message == "URLError -1013")
        #expect(HTTPTransportError(URLError(.userAuthenticationRequired)).code == -1013)
    }

    @Test("an error from another domain keeps its domain and code")
    func otherDomain() {
        let error = HTTPTransportError(NSError(domain: "NSPOSIXErrorDomain", code: 61))
        #expect(error.domain == "NSPOSIXErrorDomain")
        #expect(error.code == 61)
    }
}
