/// A file that could not be written; the original, if any, is untouched.
public struct FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): error: cannot write the file: \(reason)" }
}
