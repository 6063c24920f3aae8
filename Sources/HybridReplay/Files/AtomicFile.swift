import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files atomically: the bytes go to a temporary file in the same
/// directory, are flushed to disk, and the temporary file is renamed over
/// the target.
package enum AtomicFile {
    /// Writes `bytes` to `url`, replacing any file there and keeping its permissions.
    ///
    /// - Throws: ``FileWriteError`` naming the path and the system's reason.
    package static func write(_ bytes: [UInt8], to url: URL) throws(FileWriteError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(directory.isEmpty ? "." : directory)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        var mode: mode_t = 0o644
        var status = stat()
        if stat(path, &status) == 0 { mode = status.st_mode & 0o7777 }

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else { throw failure(path) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(descriptor, base + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let error = failure(path)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            let error = failure(path)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    private static func failure(_ path: String) -> FileWriteError {
        FileWriteError(path: path, reason: String(cString: strerror(errno)))
    }
}

/// `write(2)`, named apart from `AtomicFile.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #else
    return Darwin.write(descriptor, buffer, count)
    #endif
}
