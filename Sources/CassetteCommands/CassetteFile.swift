import Foundation
import HybridReplay

/// A cassette file on disk and the path the user knows it by.
struct CassetteFile: Hashable, Sendable {
    /// Where the file is.
    var url: URL
    /// The path output names the file by: as typed, or relative to the
    /// folder typed, never made absolute.
    var displayPath: String

    /// A file read from disk.
    enum Contents {
        /// The file's bytes and the cassette they hold.
        case cassette(Cassette, bytes: Data)
        /// The file cannot be read; one diagnostic without a position.
        case unreadable([Diagnostic])
        /// The bytes are not a valid cassette.
        case invalid([Diagnostic])
    }

    /// Reads the file and the cassette in it.
    func load(with reader: CassetteReader) -> Contents {
        let bytes: Data
        switch readBytes() {
        case .success(let read): bytes = read
        case .failure(let error): return .unreadable(error.diagnostics)
        }
        do throws(CassetteReadError) {
            return .cassette(try reader.read(bytes, path: displayPath), bytes: bytes)
        } catch {
            return .invalid(error.diagnostics)
        }
    }

    /// Reads the file and the cassette in it, for a command that prints its
    /// values: secrets left unredacted are reported on standard error and
    /// learnt by `secrets`, which hides them in what the command prints.
    func load(with context: CommandContext, secrets: inout PrintedSecrets) -> Contents {
        let bytes: Data
        switch readBytes() {
        case .success(let read): bytes = read
        case .failure(let error): return .unreadable(error.diagnostics)
        }
        do throws(CassetteReadError) {
            return .cassette(try secrets.read(bytes, path: displayPath, context: context), bytes: bytes)
        } catch {
            return .invalid(error.diagnostics)
        }
    }

    /// The file's bytes, or a diagnostic saying why they cannot be read.
    func readBytes() -> Result<Data, CassetteReadError> {
        do throws(CassetteReadError) {
            return .success(try CassetteReader.contents(of: url, displayPath: displayPath))
        } catch {
            return .failure(error)
        }
    }
}

/// Why a command could not load a cassette, reported already.
struct LoadFailure: Error {
    /// The status to exit with: 66 for a missing or unreadable file, 65 for one that is not a cassette.
    var status: ExitCode
}

extension CassetteFileFinder {
    /// The cassette at `path`, or, after reporting why there is none on
    /// standard error, the status to exit with. Secrets left unredacted in
    /// it are reported as warnings and learnt by `secrets`; the cassette
    /// still holds them, for the command to hide with ``PrintedSecrets/masking(_:)``.
    func loadCassette(_ path: String, context: CommandContext, secrets: inout PrintedSecrets) -> Result<Cassette, LoadFailure> {
        guard let file = file(path) else {
            context.reportError("no such file or directory: \(path)")
            return .failure(LoadFailure(status: .noInput))
        }
        switch file.load(with: context, secrets: &secrets) {
        case .cassette(let cassette, _):
            return .success(cassette)
        case .unreadable(let diagnostics):
            for diagnostic in diagnostics { context.console.error(diagnostic.description) }
            return .failure(LoadFailure(status: .noInput))
        case .invalid(let diagnostics):
            for diagnostic in diagnostics { context.console.error(diagnostic.description) }
            return .failure(LoadFailure(status: .dataError))
        }
    }
}
