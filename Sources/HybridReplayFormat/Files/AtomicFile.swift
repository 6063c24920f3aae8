import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files atomically: the bytes go to a temporary file in the same
/// directory, are flushed to disk, and the temporary file is renamed over
/// the target.
///
/// A process killed at any point leaves the old file or the complete new
/// one, never a part of either; the temporary file it may leave is hidden
/// and ends in `.tmp`, so no `*.json` pattern picks it up.
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
        // Some file systems report a failed write only when the file is closed.
        guard close(descriptor) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        // The rename is durable once the directory is; a failure here leaves
        // the new file in place, so it is not reported.
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func failure(_ path: String) -> FileWriteError {
        let code = errno
        return FileWriteError(path: path, reason: String(cString: strerror(code)), code: code)
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
