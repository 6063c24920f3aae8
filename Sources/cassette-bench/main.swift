import Foundation

// cassette-bench: how fast and how small HybridReplay's cassette reader is
// next to Foundation's JSONDecoder on the same bytes, and how fast the
// canonical writer is. See `Options.usage`.

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    if let (side, path) = options.measure {
        try MemoryMeasurement.runChild(side: side, path: path)
    } else {
        try Benchmark(options: options).run()
    }
} catch {
    FileHandle.standardError.write(Data("cassette-bench: \(error)\n".utf8))
    exit(1)
}
