import HybridReplaySeams
extension JSONScanner {
    /// Finds where the value at `path` starts, relative to the value at the current offset.
    ///
    /// Used only to place diagnostics, so it returns the deepest position it
    /// could reach rather than failing: a missing key yields its object's start.
    package mutating func locate(_ path: ArraySlice<JSONPath.Component>) -> Int {
        skipWhitespace()
        let here = offset
        guard let first = path.first else { return here }
        switch (first, peek()) {
        case (.key(let wanted), UInt8(ascii: "{")):
            offset += 1
            if consume(UInt8(ascii: "}")) { return here }
            repeat {
                skipWhitespace()
                let keyOffset = offset
                guard let key = try? readString(), consume(UInt8(ascii: ":")) else { return here }
                if key == wanted {
                    skipWhitespace()
                    return path.count == 1 && isKeyOnly ? keyOffset : locate(path.dropFirst())
                }
                guard (try? skipValue(maxDepth: .max)) != nil else { return here }
            } while consume(UInt8(ascii: ","))
            return here
        case (.index(let wanted), UInt8(ascii: "[")):
            offset += 1
            if consume(UInt8(ascii: "]")) { return here }
            var index = 0
            repeat {
                if index == wanted { return locate(path.dropFirst()) }
                guard (try? skipValue(maxDepth: .max)) != nil else { return here }
                index += 1
            } while consume(UInt8(ascii: ","))
            return here
        default:
            return here
        }
    }
}
