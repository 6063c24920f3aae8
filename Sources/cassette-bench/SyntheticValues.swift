import Foundation
import HybridReplay

/// The vocabulary the synthetic cassette draws from: URLs, headers, cookies,
/// JSON bodies and location fixes that look like what a hybrid app records.
struct SyntheticValues {
    var rng: SplitMix64

    static let hosts = ["api.example.com", "shop.example.com", "cdn.example.net", "auth.example.com", "m.example.org"]
    static let pages = ["/", "/home", "/products", "/products/42", "/cart", "/checkout", "/account", "/search?q=café"]
    static let apiPaths = [
        "/v1/products", "/v1/products/search", "/v1/cart", "/v1/orders", "/v1/users/me", "/v2/recommendations",
        "/v1/inventory", "/v1/session/refresh", "/v1/geo/nearby", "/v1/analytics/batch",
    ]
    static let productNames = [
        "Espresso Machine", "Café Crème Beans 1kg", "Matcha Whisk 茶筅", "Ceramic Mug \"Classic\"", "Pour-Over Kettle",
        "Grinder – Burr", "Cold Brew Jar 🧊", "Milk Frother", "Filter Papers (100)", "Tamper 58mm",
    ]
    static let tags = ["coffee", "tea", "kitchen", "sale", "new", "eco", "bestseller", "gift", "limited", "bundle"]
    static let handlers = ["nativeProcess", "analytics", "share", "auth", "storage", "haptics", "camera", "location"]
    static let actions = ["open", "track", "save", "load", "share", "login", "logout", "scan", "pay", "refresh"]
    static let userAgents = [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) WebKitGTK/6.0",
        "ExampleApp/3.2.1 (com.example.app; build:4512; iOS 17.4.1) Alamofire/5.9.0",
    ]
    static let cookieNames = ["session", "csrftoken", "theme", "locale", "cart_id", "ab_bucket", "consent", "_ga"]
    static let errorMessages = [
        "TypeError: undefined is not an object (evaluating 'window.app.state')",
        "ReferenceError: Can't find variable: bridge",
        "Handler rejected the message: \"missing field 'id'\"",
        "NetworkError: the request timed out after 30s",
    ]
    static let texts = [
        "Hello, world!\nSecond line\twith a tab.",
        "Grüße aus Zürich — ½ price today",
        "Quoted \"text\" and a backslash \\ inside",
        "東京の天気は晴れです",
        "plain ascii text that goes on for a while to look like a real sentence in a page",
    ]

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    // MARK: URLs and frames

    mutating func pageURL() -> String {
        "https://\(rng.pick(["www.example.com", "m.example.org", "shop.example.com"]))\(rng.pick(Self.pages))"
    }

    mutating func apiURL() -> String {
        var url = "https://\(rng.pick(Self.hosts))\(rng.pick(Self.apiPaths))"
        if rng.chance(0.5) { url += "?page=\(rng.int(1...40))&limit=\(rng.pick([10, 20, 50]))" }
        return url
    }

    mutating func routeURL() -> String {
        "navigate://present?r=\(rng.int(0...255))&g=\(rng.int(0...255))&b=\(rng.int(0...255))"
    }

    mutating func frame(main probability: Double = 0.85) -> Frame {
        rng.chance(probability)
            ? .main(pageURL()) : Frame(isMainFrame: false, url: rng.chance(0.8) ? "https://ads.example.net/frame/\(rng.int(1...999))" : nil)
    }

    // MARK: HTTP

    mutating func cookieHeader() -> String {
        (0..<rng.int(1...4)).map { _ in "\(rng.pick(Self.cookieNames))=\(rng.token(rng.int(8...32)))" }
            .joined(separator: "; ")
    }

    mutating func requestHeaders(hasBody: Bool) -> [HTTPHeader] {
        var headers = [
            HTTPHeader("Accept", rng.pick(["application/json", "text/html,application/xhtml+xml", "*/*"])),
            HTTPHeader("User-Agent", rng.pick(Self.userAgents)),
            HTTPHeader("Accept-Language", rng.pick(["en-US,en;q=0.9", "de-CH,de;q=0.9,en;q=0.8", "ja-JP"])),
        ]
        if rng.chance(0.7) { headers.append(HTTPHeader("Cookie", cookieHeader())) }
        if rng.chance(0.3) { headers.append(HTTPHeader("Authorization", "[redacted]")) }
        if rng.chance(0.2) { headers.append(HTTPHeader("X-Request-ID", rng.token(32, alphabet: "0123456789abcdef"))) }
        if hasBody { headers.append(HTTPHeader("Content-Type", "application/json; charset=utf-8")) }
        return headers
    }

    mutating func setCookie() -> String {
        var text = "\(rng.pick(Self.cookieNames))=\(rng.token(rng.int(12...40))); Path=/"
        if rng.chance(0.6) { text += "; Expires=Wed, 21 Oct 2026 07:28:00 GMT" }
        if rng.chance(0.7) { text += "; HttpOnly" }
        if rng.chance(0.8) { text += "; Secure" }
        text += "; SameSite=\(rng.pick(["Lax", "Strict", "None"]))"
        return text
    }

    mutating func responseHeaders(status: Int, contentType: String?) -> [HTTPHeader] {
        var headers = [
            HTTPHeader("Date", "Mon, 30 Nov 2026 11:\(rng.int(10...59)):\(rng.int(10...59)) GMT"),
            HTTPHeader("Server", rng.pick(["nginx", "envoy", "cloudflare"])),
            HTTPHeader("Cache-Control", rng.pick(["no-store", "private, max-age=0", "public, max-age=3600"])),
        ]
        if let contentType { headers.append(HTTPHeader("Content-Type", contentType)) }
        if status == 200 || status == 201 { headers.append(HTTPHeader("ETag", "W/\"\(rng.token(16))\"")) }
        for _ in 0..<rng.weighted([(0, 0.5), (1, 0.3), (2, 0.15), (3, 0.05)]) {
            headers.append(HTTPHeader("Set-Cookie", setCookie()))
        }
        return headers
    }

    mutating func cookie() -> Cookie {
        Cookie(
            name: rng.pick(Self.cookieNames), value: rng.token(rng.int(8...40)), domain: rng.pick([".example.com", "shop.example.com"]),
            path: rng.pick(["/", "/api", "/account"]),
            expires: rng.chance(0.6) ? "2027-0\(rng.int(1...9))-\(rng.int(10...28))T\(rng.int(10...23)):00:00Z" : nil,
            secure: rng.chance(0.8), httpOnly: rng.chance(0.6),
            sameSite: rng.chance(0.8) ? rng.pick(SameSitePolicy.known) : nil)
    }

    // MARK: JSON documents

    mutating func text() -> String { rng.pick(Self.texts) }

    mutating func product() -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .number(Double(rng.int(1...999_999))),
            "sku": .string("SKU-\(rng.token(8, alphabet: "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"))"),
            "name": .string(rng.pick(Self.productNames)),
            "price": .number(rng.decimal(0.5...999, places: 2)),
            "currency": .string(rng.pick(["EUR", "USD", "CHF", "JPY"])),
            "available": .bool(rng.chance(0.8)),
            "rating": rng.chance(0.7) ? .number(rng.decimal(1...5, places: 1)) : .null,
            "tags": .array((0..<rng.int(0...4)).map { _ in .string(rng.pick(Self.tags)) }),
        ]
        if rng.chance(0.3) { fields["description"] = .string(text()) }
        if rng.chance(0.3) {
            fields["dimensions"] = ["w": .number(rng.decimal(1...80, places: 1)), "h": .number(rng.decimal(1...80, places: 1)), "unit": "cm"]
        }
        return .object(fields)
    }

    mutating func apiBody() -> JSONValue {
        switch rng.int(0...3) {
        case 0:
            return [
                "items": .array((0..<rng.int(1...8)).map { _ in product() }),
                "page": .number(Double(rng.int(1...40))), "total": .number(Double(rng.int(40...4000))),
                "next": rng.chance(0.7) ? .string(apiURL()) : .null,
            ]
        case 1:
            return [
                "user": [
                    "id": .string(rng.token(24, alphabet: "0123456789abcdef")), "name": .string(rng.pick(["Ana", "Bjørn", "Chloé", "大輔", "Émile"])),
                    "email": .string("user\(rng.int(1...99999))@example.com"), "verified": .bool(rng.chance(0.9)),
                    "preferences": ["theme": .string(rng.pick(["dark", "light"])), "notifications": .bool(rng.chance(0.5)), "locale": "en-US"],
                ],
                "flags": .array((0..<rng.int(0...5)).map { _ in .string(rng.pick(Self.tags)) }),
            ]
        case 2:
            return [
                "orderId": .string("ORD-\(rng.int(100_000...999_999))"), "status": .string(rng.pick(["pending", "paid", "shipped"])),
                "lines": .array((0..<rng.int(1...5)).map { _ in
                    ["sku": .string("SKU-\(rng.token(8))"), "qty": .number(Double(rng.int(1...5))), "unitPrice": .number(rng.decimal(1...300, places: 2))]
                }),
                "total": .number(rng.decimal(1...2000, places: 2)), "note": rng.chance(0.3) ? .string(text()) : .null,
            ]
        default:
            return ["ok": .bool(true), "ttl": .number(Double(rng.int(60...86_400))), "token": .string(rng.token(64))]
        }
    }

    mutating func messageBody() -> JSONValue {
        var body: [String: JSONValue] = [
            "action": .string(rng.pick(Self.actions)), "requestId": .number(Double(rng.int(1...1_000_000))),
            "timestamp": .number(Double(rng.int(1_764_500_000_000...1_764_600_000_000))),
        ]
        switch rng.int(0...2) {
        case 0: body["args"] = ["url": .string(pageURL()), "animated": .bool(rng.chance(0.5)), "count": .number(Double(rng.int(0...99)))]
        case 1: body["args"] = .array((0..<rng.int(1...4)).map { _ in .string(rng.pick(Self.tags)) })
        default: body["args"] = product()
        }
        return .object(body)
    }

    mutating func smallValue() -> JSONValue {
        switch rng.int(0...5) {
        case 0: .null
        case 1: .bool(rng.chance(0.5))
        case 2: .number(Double(rng.int(-1000...1000)))
        case 3: .string(text())
        case 4: ["ok": .bool(true), "value": .number(rng.decimal(0...1000, places: 3))]
        default: .array((0..<rng.int(0...5)).map { _ in .number(Double(rng.int(0...100))) })
        }
    }

    /// A few bytes that stand for an image, so `base64` bodies appear too.
    mutating func binary() -> Data {
        Data([0x89, 0x50, 0x4E, 0x47] + (0..<rng.int(32...256)).map { _ in UInt8.random(in: 0...255, using: &rng) })
    }

    // MARK: Location

    mutating func fix(at seconds: Double, around center: (Double, Double)) -> LocationFix {
        LocationFix(
            latitude: rng.decimal(center.0 - 0.01...center.0 + 0.01, places: 8),
            longitude: rng.decimal(center.1 - 0.01...center.1 + 0.01, places: 8),
            altitude: rng.decimal(-10...400, places: 2), ellipsoidalAltitude: rng.decimal(20...430, places: 2),
            horizontalAccuracy: rng.pick([5, 10, 16.5, 35, 65, -1]), verticalAccuracy: rng.pick([3, 4.5, 8, 12, -1]),
            course: rng.chance(0.9) ? rng.decimal(0...359.9, places: 1) : -1, courseAccuracy: rng.decimal(1...30, places: 1),
            speed: rng.decimal(0...30, places: 2), speedAccuracy: rng.decimal(0.1...3, places: 2),
            timestamp: RFC3339Text.timestamp(Self.recordingStart + seconds),
            floor: rng.chance(0.2) ? rng.int(-2...12) : nil)
    }

    /// 2026-11-30T11:00:00Z, when the synthetic recording starts.
    static let recordingStart = 1_796_036_400.0
}

/// RFC 3339 timestamps with milliseconds, from seconds since 1970.
enum RFC3339Text {
    static func timestamp(_ secondsSince1970: Double) -> String {
        let totalMilliseconds = Int((secondsSince1970 * 1000).rounded())
        let days = totalMilliseconds / 86_400_000
        let inDay = totalMilliseconds % 86_400_000
        let (year, month, day) = civil(fromDays: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(inDay / 3_600_000, 2)):\(pad(inDay / 60_000 % 60, 2)):"
            + "\(pad(inDay / 1000 % 60, 2)).\(pad(inDay % 1000, 3))Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Howard Hinnant's `civil_from_days`.
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
