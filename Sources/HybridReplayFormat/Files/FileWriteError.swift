#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be written; the original, if any, is untouched.
public struct FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// The `errno` the system refused the write with; 0 when unknown.
    package var code: Int32 = 0

    package init(path: String, reason: String, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    public var description: String {
        "\(path): error: cannot write the file: \(reason)" + (remedy(then: "write again").map { "; the file was left as it was. \($0)" } ?? "")
    }

    /// What the user can do about it, when the reason says: a full disk or a folder that cannot be written.
    ///
    /// - Parameter retry: What to do once fixed, such as `record again`.
    package func remedy(then retry: String) -> String? {
        switch code {
        case ENOSPC, EDQUOT, EFBIG:
            return "Free space on the disk (or raise the file size limit, `ulimit -f`), then \(retry)."
        case EACCES, EPERM, EROFS:
            return "Make the folder writable (or write somewhere else), then \(retry)."
        default:
            return nil
        }
    }
}
