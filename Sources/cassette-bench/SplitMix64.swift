/// A small, fast, seeded generator (Steele, Lea and Flood's SplitMix64), so
/// the synthetic cassette is the same bytes on every run and every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }

    /// An element chosen by weight: `[(value, weight)]`, weights positive.
    mutating func weighted<T>(_ choices: [(T, Double)]) -> T {
        let total = choices.reduce(0) { $0 + $1.1 }
        var roll = Double.random(in: 0..<total, using: &self)
        for (value, weight) in choices {
            if roll < weight { return value }
            roll -= weight
        }
        return choices[choices.count - 1].0
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A number in `range` rounded to `places` decimals, as recorders print them.
    mutating func decimal(_ range: ClosedRange<Double>, places: Int) -> Double {
        let scale = Double(pow10(places))
        return (Double.random(in: range, using: &self) * scale).rounded() / scale
    }

    /// `length` characters from `alphabet`.
    mutating func token(_ length: Int, alphabet: String = "abcdefghijklmnopqrstuvwxyz0123456789") -> String {
        let characters = Array(alphabet)
        return String((0..<length).map { _ in pick(characters) })
    }

    private func pow10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
