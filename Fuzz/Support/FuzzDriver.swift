import Foundation

/// libFuzzer's entry point for a program that brings its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer over a target's `LLVMFuzzerTestOneInput`.
///
/// SwiftPM links an executable target's `main` to `<module>_main`; each
/// target defines that symbol and hands its arguments here, so libFuzzer
/// parses its own flags (`-runs=`, `-max_total_time=`, corpus folders).
package enum FuzzDriver {
    /// Runs the fuzzer; returns its exit status.
    package static func run(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32 {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
    }

    /// The input libFuzzer hands over, as bytes the target owns.
    package static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

/// Stops the run when a property fails, so libFuzzer keeps the input as a
/// `crash-…` file: what held, what did not, and the values involved.
///
/// - Parameters:
///   - condition: The property.
///   - message: What failed, with the values that show it.
package func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("property failed: \(message())\n".utf8))
    abort()
}

/// Splits `bytes` at every `separator` byte.
package func split(_ bytes: [UInt8], at separator: UInt8) -> [[UInt8]] {
    bytes.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
}
