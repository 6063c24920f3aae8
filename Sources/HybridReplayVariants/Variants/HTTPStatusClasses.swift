import HybridReplay

/// The statuses on each side of the boundaries between HTTP's classes.
enum HTTPStatusClasses {
    static let boundaries = [199, 200, 204, 299, 300, 399, 400, 499, 500, 599]

    static func text(of body: HTTPBody) -> String {
        switch body {
        case .text(let text): text
        case .json(let value): value.description
        case .bytes(let data): String(decoding: data, as: UTF8.self)
        }
    }
}
