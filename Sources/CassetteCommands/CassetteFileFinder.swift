import Foundation

/// Turns the paths a user typed into cassette files: a file is taken as it
/// is, a folder is searched recursively for `.json` files.
///
/// Hidden files and folders, such as `.build` and `.git`, are skipped, and
/// symbolic links to folders are not followed, so a search never loops.
/// Files come out sorted by path within each folder operand, and a file
/// named twice is visited once.
struct CassetteFileFinder {
    /// The folder relative paths are resolved against.
    var currentDirectory: URL

    /// The files one operand names.
    enum Expansion: Equatable {
        /// The files, sorted; empty for a folder without cassettes.
        case files([CassetteFile])
        /// Nothing exists at the path.
        case missing
        /// A folder whose listing failed; the files found elsewhere are kept.
        case unreadableFolders([String], found: [CassetteFile])
    }

    /// Calls `body` with each file the operands name, in order, reporting
    /// paths that do not exist or cannot be listed on the way.
    ///
    /// - Returns: `.noInput` when a path does not exist or a folder cannot be
    ///   listed, `.success` otherwise.
    func forEachFile(
        in operands: [String], context: CommandContext, _ body: (CassetteFile) -> Void
    ) -> ExitCode {
        var status = ExitCode.success
        var visited: Set<String> = []
        for operand in operands {
            var files: [CassetteFile] = []
            switch expand(operand) {
            case .files(let found):
                files = found
            case .missing:
                context.reportError("no such file or directory: \(operand)")
                status = max(status, .noInput)
            case .unreadableFolders(let folders, let found):
                for folder in folders { context.reportError("cannot list the folder: \(folder)") }
                status = max(status, .noInput)
                files = found
            }
            for file in files where visited.insert(file.url.standardizedFileURL.path).inserted {
                body(file)
            }
        }
        return status
    }

    /// The file at `operand`, without searching folders; `nil` when nothing is there.
    func file(_ operand: String) -> CassetteFile? {
        let url = url(of: operand)
        guard !operand.isEmpty, FileManager.default.fileExists(atPath: url.path) else { return nil }
        return CassetteFile(url: url, displayPath: operand)
    }

    /// The files `operand` names.
    func expand(_ operand: String) -> Expansion {
        guard !operand.isEmpty else { return .missing }
        let url = url(of: operand)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .missing }
        guard isDirectory.boolValue else { return .files([CassetteFile(url: url, displayPath: operand)]) }
        var relativePaths: [String] = []
        var unreadable: [String] = []
        search(url, relativePath: "", into: &relativePaths, unreadable: &unreadable)
        let files = relativePaths.sorted().map { relative in
            CassetteFile(url: url.appendingPathComponent(relative), displayPath: Self.join(operand, relative))
        }
        if unreadable.isEmpty { return .files(files) }
        return .unreadableFolders(unreadable.map { Self.join(operand, $0) }, found: files)
    }

    /// Where `operand` points: as typed when absolute, else inside ``currentDirectory``.
    func url(of operand: String) -> URL {
        operand.hasPrefix("/") ? URL(fileURLWithPath: operand) : currentDirectory.appendingPathComponent(operand)
    }

    private func search(_ folder: URL, relativePath: String, into files: inout [String], unreadable: inout [String]) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else {
            unreadable.append(relativePath.isEmpty ? "." : relativePath)
            return
        }
        for name in names where !name.hasPrefix(".") {
            let child = folder.appendingPathComponent(name)
            let relative = relativePath.isEmpty ? name : relativePath + "/" + name
            let type = Self.fileType(atPath: child.path)
            if type == S_IFDIR {
                search(child, relativePath: relative, into: &files, unreadable: &unreadable)
            } else if name.hasSuffix(".json"), type == S_IFREG || (type == S_IFLNK && isFile(child)) {
                files.append(relative)
            }
        }
    }

    /// The type bits of the file at `path`, a symbolic link not followed, as
    /// `FileManager.attributesOfItem(atPath:)` reads them, without the owner's
    /// and group's names it also looks up; `nil` when it cannot be read.
    private static func fileType(atPath path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    private func isFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// `relative` inside the folder the user typed as `operand`, spelled the
    /// way the user spelled the folder.
    static func join(_ operand: String, _ relative: String) -> String {
        if relative == "." { return operand }
        if operand == "." || operand == "./" { return relative }
        var base = Substring(operand)
        while base.count > 1, base.hasSuffix("/") { base = base.dropLast() }
        return base == "/" ? "/" + relative : base + "/" + relative
    }
}
