import HybridReplay

/// The cassettes `recording-crash-probe` writes, one per generation, so a
/// test can tell which complete write a file holds and rebuild its bytes.
package enum CrashProbeCassette {
    /// The cassette of `generation`: random events of every kind, named after the generation.
    package static func cassette(generation: Int, scenes: Int = 40) -> Cassette {
        var generator = CassetteGenerator(seed: UInt64(generation))
        var cassette = generator.cassette(scenes: scenes)
        cassette.header.name = name(generation: generation)
        return cassette
    }

    /// The generation a cassette's name says it holds; `nil` for any other name.
    package static func generation(of cassette: Cassette) -> Int? {
        let prefix = "crash-probe-"
        guard cassette.header.name.hasPrefix(prefix) else { return nil }
        return Int(cassette.header.name.dropFirst(prefix.count))
    }

    private static func name(generation: Int) -> String { "crash-probe-\(generation)" }
}
