import Foundation
import HybridReplay
import HybridReplayReference
import Testing

@testable import HybridReplayVariants

/// The URL each `url:<argument>` edit of `url`'s host classes gives, by argument.
private func hostVariants(of url: String) -> [String: String] {
    var urls: [String: String] = [:]
    for edit in URLHostClasses.edits(of: url, rebuild: { NavigationAction(url: $0, navigationType: .linkActivated, targetFrame: .main()) }) {
        guard case .replace(let payload) = edit.change, let action = payload as? NavigationAction else { continue }
        #expect(edit.variantClass == "url")
        urls[edit.argument ?? ""] = action.urlString
    }
    return urls
}

/// A router that tells a `navigate:` link by the scheme `URLComponents`
/// parses, as routers written around `URLComponents` do: a link it cannot
/// parse is loaded instead of cancelled.
struct ParsedSchemeRouter: NavigationDelegate {
    let routes: any RoutePresenter

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let components = URLComponents(string: action.urlString), components.scheme?.lowercased() == NavigationRouter.scheme else {
            return decisionHandler(.allow)
        }
        if let route = NavigationRouter.route(for: components) { routes.show(route) }
        decisionHandler(.cancel)
    }
}

@Suite("URLHostClasses")
struct URLHostClassesTests {
    @Test("an opaque host gets capitals, a percent escape, a stray '%', a non-ASCII letter, a trailing dot and a port, the rest of the URL kept")
    func opaqueHost() {
        #expect(hostVariants(of: "navigate://present?r=255&g=0#top") == [
            "host-capitals": "navigate://PRESENT?r=255&g=0#top",
            "host-percent-encoded": "navigate://%70resent?r=255&g=0#top",
            "host-stray-percent": "navigate://present%?r=255&g=0#top",
            "host-non-ascii": "navigate://present%C3%A9?r=255&g=0#top",
            "host-trailing-dot": "navigate://present.?r=255&g=0#top",
            "port": "navigate://present:8080?r=255&g=0#top",
        ])
    }

    @Test("a domain host gets only what WebKit keeps of it: a trailing dot and a port other than the default")
    func domainHost() {
        #expect(hostVariants(of: "https://router.example.com/index.html?x=1") == [
            "host-trailing-dot": "https://router.example.com./index.html?x=1",
            "port": "https://router.example.com:8443/index.html?x=1",
        ])
        #expect(hostVariants(of: "http://router.example.com")["port"] == "http://router.example.com:8080")
    }

    @Test("userinfo and a recorded port stay, the host alone changes, and no second port is added")
    func userinfoAndPort() {
        let urls = hostVariants(of: "navigate://user@push:81/path")
        #expect(urls["host-capitals"] == "navigate://user@PUSH:81/path")
        #expect(urls["host-stray-percent"] == "navigate://user@push%:81/path")
        #expect(urls["port"] == nil)
        #expect(hostVariants(of: "navigate://present.")["host-trailing-dot"] == nil)
    }

    @Test("a URL without a host, with an IPv6 literal, of the file scheme or with '://' only in its query gets no host variant; an IPv4 host no trailing dot")
    func noHost() {
        for url in ["about:blank", "navigate:present?r=1", "navigate://?r=1", "https://[::1]/", "file:///tmp/a.html", "about:blank?next=https://a.example/"] {
            #expect(hostVariants(of: url).isEmpty, "\(url)")
        }
        #expect(hostVariants(of: "http://127.0.0.1/") == ["port": "http://127.0.0.1:8080/"])
        #expect(hostVariants(of: "navigate://42?r=1")["host-percent-encoded"] == "navigate://%342?r=1")
    }

    @Test("every host spelling a host variant makes reads as a URL in app code, its host, path, query and fragment as written")
    func hostVariantsReadAsURLs() throws {
        let bases = [
            "navigate://present?r=255&g=0#top", "capacitor://localhost/index.html", "navigate://user@push:81/path",
            "https://router.example.com/index.html?x=1",
        ]
        let hosts = [
            "host-capitals": "PRESENT", "host-percent-encoded": "present", "host-stray-percent": "present%",
            "host-non-ascii": "presenté", "host-trailing-dot": "present.", "port": "present",
        ]
        var checked = 0
        for base in bases {
            let original = try #require(URL(string: base))
            for (argument, text) in hostVariants(of: base) {
                let readings = [
                    NavigationAction(url: text, navigationType: .linkActivated, targetFrame: .main()).request.url,
                    URLSchemeRequest(url: text).url,
                ]
                for reading in readings {
                    let url = try #require(reading, "\(argument): \(text) has no URL")
                    #expect(url.scheme == original.scheme && url.path == original.path, "\(text)")
                    #expect(url.query == original.query && url.fragment == original.fragment, "\(text)")
                    #expect(url.user == original.user, "\(text)")
                    #expect(url.port == (argument == "port" ? Int(URLHostClasses.otherPort(forScheme: original.scheme ?? "")) : original.port), "\(text)")
                    if base.hasPrefix("navigate://present"), let host = hosts[argument] {
                        #if canImport(Darwin)
                            #expect(url.absoluteString == text)
                        #else
                            // Foundation on Linux writes the stray '%' as '%25'; it reads back as '%'.
                            #expect(url.host == host, "\(text)")
                            #expect(url.absoluteString == text.replacingOccurrences(of: "present%?", with: "present%25?"))
                        #endif
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 2 * (6 + 6 + 5 + 2), "every variant of every base URL")
    }

    @Test("a navigation action brings the host classes with its other URL variants")
    func navigationActionBringsThem() {
        let action = NavigationAction(url: "navigate://present?r=255", navigationType: .linkActivated, targetFrame: .main())
        let edits = action.variantEdits(of: Event(id: 1, at: 0, payload: action), in: Cassette(header: CassetteHeader(name: "c"), events: []))
        let arguments = Set(edits.filter { $0.variantClass == "url" }.compactMap(\.argument))
        #expect(arguments.isSuperset(of: ["no-authority", "host-stray-percent", "host-capitals", "port"]))
    }

    @Test("a request to the app's own scheme brings the host classes beside its stops; one the recording stops gets none")
    func schemeRequestBringsThem() {
        let request = URLSchemeRequest(url: "capacitor://localhost/index.html")
        let event = Event(id: 1, at: 0, payload: request)
        let edits = request.variantEdits(of: event, in: Cassette(header: CassetteHeader(name: "c"), events: [event]))
        let urls = Dictionary(
            edits.compactMap { edit -> (String, String)? in
                guard edit.variantClass == "url", case .replace(let payload) = edit.change, let changed = payload as? URLSchemeRequest else { return nil }
                return (edit.argument ?? "", changed.urlString)
            }, uniquingKeysWith: { first, _ in first })
        #expect(urls["host-capitals"] == "capacitor://LOCALHOST/index.html")
        #expect(urls["host-stray-percent"] == "capacitor://localhost%/index.html")
        #expect(edits.contains { $0.variantClass == "stopped" })
        let stopped = Cassette(
            header: CassetteHeader(name: "c"), events: [event, Event(id: 2, at: 0, cause: 1, payload: URLSchemeStop(url: request.urlString))])
        #expect(request.variantEdits(of: event, in: stopped).isEmpty)
    }

    @Test("the reference router explores the host variants clean, and a router that finds the scheme with URLComponents loads the stray-'%' link")
    func strayPercentFindsAParsedScheme() async throws {
        let url = suiteFolder.appendingPathComponent("router/present-yellow.json")
        var options = ExplorationOptions()
        options.reference = referenceRouter
        let reference = try await exploreCassette(at: url, options: options, setUp: referenceRouter.setUp)
        #expect(reference.passed, "\(reference.failures.map { "\($0.variant.id): \($0.violations.map(\.message))" })")
        #expect(reference.failures.isEmpty && reference.explored == reference.total)

        let parsed = try await exploreCassette(at: url, options: options) { platform in
            let router = ParsedSchemeRouter(routes: platform.routes)
            platform.webView.setNavigationDelegate(router)
            return router
        }
        let failing = parsed.failures.map(\.variant.id.description)
        #expect(failing == ["v1:router-present-yellow:url:1:host-stray-percent"])
        let failure = try #require(parsed.failures.first)
        #expect(failure.violations.map(\.rule) == [.sameAsReference])
        #expect(failure.isDeterministic)
    }
}
