/// The stable name of one variant of a cassette, which replays exactly that
/// variant: `v1:<cassette>:<class>:<event>[:<argument>]`.
///
/// `v1` is the generator's version: a generator that derives variants
/// differently gets a new one, so an id written down today never silently
/// means another variant. `<cassette>` is the cassette header's `name`,
/// `<event>` the id of the recorded event the variant changes (or after which
/// it inserts), and `<argument>` which class of the change, such as `guid=null`.
public struct VariantID: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    /// The version of the generator this package has.
    public static let currentGenerator = 1

    public var generator: Int
    public var cassette: String
    public var variantClass: String
    public var eventID: Int
    public var argument: String?

    public init(generator: Int = VariantID.currentGenerator, cassette: String, variantClass: String, eventID: Int, argument: String? = nil) {
        self.generator = generator
        self.cassette = cassette
        self.variantClass = variantClass
        self.eventID = eventID
        self.argument = argument
    }

    /// Reads an id as ``description`` writes it; `nil` when it is not one.
    ///
    /// The argument, last, may itself hold colons.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 4, parts[0].hasPrefix("v"), let generator = Int(parts[0].dropFirst()), generator > 0,
            !parts[1].isEmpty, !parts[2].isEmpty, let eventID = Int(parts[3]), eventID > 0
        else { return nil }
        self.init(
            generator: generator, cassette: parts[1], variantClass: parts[2], eventID: eventID,
            argument: parts.count == 5 ? parts[4] : nil)
    }

    public var description: String {
        "v\(generator):\(cassette):\(variantClass):\(eventID)" + (argument.map { ":\($0)" } ?? "")
    }

    public static func < (lhs: VariantID, rhs: VariantID) -> Bool {
        (lhs.eventID, lhs.variantClass, lhs.argument ?? "") < (rhs.eventID, rhs.variantClass, rhs.argument ?? "")
    }
}
