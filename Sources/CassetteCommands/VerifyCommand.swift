import Foundation
import HybridReplay

/// `cassette verify [--repeat <n>] [--junit <file>] <path> ...`: replays
/// each cassette against the reference implementation of the contract its
/// header names, and reports which behaved as recorded.
///
/// Up to ``jobs`` cassettes are replayed at once, each against a fresh
/// implementation, and reported in path order, so the output is the same
/// from run to run; only the JUnit report's times change.
package struct VerifyCommand: CassetteCommand {
    /// The most runs `--repeat` accepts.
    package static let maximumRepetitions = 1000

    /// `--repeat <n>`: replay each cassette n times.
    package static let repeatOption = Option(
        "repeat", valueName: "n",
        help: "Replays each cassette n times, from 1 to 1000, each against a fresh implementation; every run must pass."
    )

    /// `--junit <file>`: also write the results as JUnit XML.
    package static let junitOption = Option(
        "junit", valueName: "file",
        help: "Also writes the results to <file> as JUnit XML, one test case per cassette, replacing it atomically."
    )

    /// `--markdown <file>`: also write the results as Markdown.
    package static let markdownOption = Option(
        "markdown", valueName: "file",
        help: "Also writes the results to <file> as Markdown, each failure's issues as a table of their fields, "
            + "for a job summary or a pull-request comment, replacing it atomically."
    )

    /// `--github`: also print GitHub Actions annotations for the failures.
    package static let githubFlag = Flag(
        "github",
        help: "Also prints a GitHub Actions '::error file=…::' annotation for each failing or unreadable cassette, "
            + "so the failures show on the files in the pull request."
    )

    /// `--web`: replay the web half in a real engine instead.
    package static let webFlag = Flag(
        "web",
        help: "Replays the web half instead: loads each cassette's page in a real engine (WebKitGTK), plays the recorded "
            + "native side into it and checks what the page does. Needs the tool built with the WebKitGTK trait."
    )

    /// `--page <file>`: the page under test for `--web`.
    package static let pageOption = Option(
        "page", valueName: "file",
        help: "With --web, loads <file> in place of the first page each cassette loads, instead of the recorded page."
    )

    /// `--served <folder>`: the files the app serves through its own scheme, for `--web`.
    package static let servedOption = Option(
        "served", valueName: "folder",
        help: "With --web, serves the files of <folder> in place of the recorded answers to the page's requests to the "
            + "app's own scheme, by the request's path (app://localhost/js/app.js is <folder>/js/app.js): the web code "
            + "under test, when the app serves it. Files the folder lacks get the recorded answer."
    )

    /// The most replays `--jobs` accepts at once.
    package static let maximumJobs = 64
    /// How many cassettes are replayed at once unless `--jobs` says otherwise.
    package static let defaultJobs = 16

    /// `--jobs <n>`: replay up to n cassettes at once.
    package static let jobsOption = Option(
        "jobs", valueName: "n",
        help: "Replays up to n cassettes at once, from 1 to 64 (default 16); the output stays in path order. "
            + "With 1, the tool also keeps to one processor (Linux), where one replay at a time runs fastest."
    )

    /// What is verified when no path is given: the conventional suite folder.
    package static let defaultPath = "Cassettes"

    /// The name of the JUnit report's test suite.
    static let suiteName = "cassette verify"

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) verify",
        abstract: "Replays cassettes against their contracts' reference implementations.",
        discussion: """
            Each <path> is a cassette, or a folder searched recursively for .json files; hidden files and folders such as .build are skipped. Each cassette is replayed against the reference implementation of the contract its header names, several at once, and gets a line in path order on standard output: 'PASS <path> (<contract>)', or 'FAIL <path> (<contract>)' followed by the replay report indented by four spaces. With --web, the web half of each cassette is replayed in a real engine instead, one at a time, and the line names the engine: 'PASS <path> (web half, WebKitGTK 6.0)'; no contract is needed. A cassette without a contract, or whose contract has no reference implementation, fails with the list of known contracts. A cassette that cannot be read gets 'ERROR <path>', and its problems go to standard error as 'path:line:column: error: message'. A count follows, such as '33 cassettes verified: 32 passed, 1 failed, 5 runs each'.
            """,
        flags: [githubFlag, webFlag],
        options: [repeatOption, jobsOption, junitOption, markdownOption, pageOption, servedOption],
        operands: .zeroOrMore(
            "path", help: "A cassette, or a folder to search for cassettes; 'Cassettes' when none is given."),
        exitStatuses: [
            (.success, "Every cassette behaved as recorded."),
            (.checkFailed, "Some cassettes failed: the implementation diverged, or there is none for their contract."),
            (.usageError, "The command line is wrong."),
            (.dataError, "A cassette cannot be read; its problems are on standard error."),
            (.noInput, "A path does not exist or cannot be read, or no cassette was found."),
            (.unavailable, "--web was given to a tool built without a real engine."),
            (.cannotCreate, "The JUnit or Markdown report cannot be written."),
        ]
    )

    /// The files and folders to verify.
    package var paths: [String]
    /// How many times each cassette is replayed.
    package var repetitions: Int
    /// Where to write the JUnit report, relative to the current directory;
    /// `nil` for none.
    package var junitPath: String?
    /// Where to write the Markdown report, relative to the current directory;
    /// `nil` for none.
    package var markdownPath: String?
    /// Whether to print GitHub Actions annotations for the failures.
    package var githubAnnotations: Bool
    /// How many cassettes are replayed at once.
    package var jobs: Int
    /// Whether to replay the web half in a real engine instead.
    package var web: Bool
    /// The page under test for the web half, relative to the current directory; `nil` for the recorded pages.
    package var pagePath: String?
    /// The folder of files the app serves through its own scheme, for the web half, relative to the current
    /// directory; `nil` for the recorded answers.
    package var servedPath: String?

    /// Creates the command.
    ///
    /// - Parameters:
    ///   - paths: The files and folders to verify.
    ///   - repetitions: How many times each cassette is replayed; values
    ///     below 1 count as 1.
    ///   - junitPath: Where to write the JUnit report; `nil` for none.
    ///   - markdownPath: Where to write the Markdown report; `nil` for none.
    ///   - githubAnnotations: Whether to print GitHub Actions annotations for the failures.
    ///   - jobs: How many cassettes are replayed at once; values below 1 count as 1.
    package init(
        paths: [String], repetitions: Int = 1, junitPath: String? = nil, markdownPath: String? = nil,
        githubAnnotations: Bool = false, jobs: Int = defaultJobs, web: Bool = false, pagePath: String? = nil,
        servedPath: String? = nil
    ) {
        self.servedPath = servedPath
        self.markdownPath = markdownPath
        self.web = web
        self.pagePath = pagePath
        self.paths = paths
        self.repetitions = max(1, repetitions)
        self.junitPath = junitPath
        self.githubAnnotations = githubAnnotations
        self.jobs = max(1, jobs)
    }

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        let repetitions = try arguments.number(of: Self.repeatOption, in: 1...Self.maximumRepetitions) ?? 1
        let jobs = try arguments.number(of: Self.jobsOption, in: 1...Self.maximumJobs) ?? Self.defaultJobs
        let junitPath = try arguments.path(of: Self.junitOption)
        let markdownPath = try arguments.path(of: Self.markdownOption)
        let pagePath = try arguments.path(of: Self.pageOption)
        let web = arguments.contains(Self.webFlag)
        if pagePath != nil, !web { throw UsageError("'\(Self.pageOption.usageLabel)' needs '--web'") }
        let servedPath = try arguments.path(of: Self.servedOption)
        if servedPath != nil, !web { throw UsageError("'\(Self.servedOption.usageLabel)' needs '--web'") }
        self.init(
            paths: arguments.operands.isEmpty ? [Self.defaultPath] : arguments.operands, repetitions: repetitions, junitPath: junitPath,
            markdownPath: markdownPath, githubAnnotations: arguments.contains(Self.githubFlag), jobs: jobs, web: web, pagePath: pagePath,
            servedPath: servedPath)
    }

    package func run(in context: CommandContext) async -> ExitCode {
        if paths == [Self.defaultPath] {
            let folder = context.currentDirectory.appendingPathComponent(Self.defaultPath)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                context.reportError(
                    "there is no '\(Self.defaultPath)' folder in \(context.currentDirectory.path); "
                        + "name the cassettes or folders to verify")
                return .noInput
            }
        }
        var webHalf: WebHalfSettings?
        if web {
            guard let engine = context.webEngine else {
                context.reportError(
                    "--web needs a real web engine, and this tool was built without one; build it with the WebKitGTK "
                        + "trait: swift run --traits WebKitGTK cassette verify --web … (under xvfb-run where there is no display)")
                return .unavailable
            }
            var page: WebPage?
            if let pagePath {
                let url = URL(fileURLWithPath: pagePath, relativeTo: context.currentDirectory)
                do {
                    page = try WebPage(contentsOf: url)
                } catch {
                    context.reportError("cannot read the page '\(pagePath)': \(error.localizedDescription)")
                    return .noInput
                }
            }
            if let servedPath {
                let folder = URL(fileURLWithPath: servedPath, relativeTo: context.currentDirectory)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                    context.reportError("cannot serve the files of '\(servedPath)': there is no such folder")
                    return .noInput
                }
                if page == nil { page = WebPage(servedFiles: folder) } else { page?.servedFiles = folder }
            }
            webHalf = WebHalfSettings(engine: engine, page: page)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        var files: [CassetteFile] = []
        var status = finder.forEachFile(in: paths, context: context) { files.append($0) }
        if files.isEmpty && status == .success {
            // A suite that moved or emptied must not turn a CI step green.
            context.reportError(
                "no cassettes found in \(paths.map { "'\($0)'" }.joined(separator: ", ")); nothing was verified")
            return .noInput
        }
        var verifications: [CassetteVerification] = []
        // One replay at a time runs fastest on one processor; a real engine's processes need more.
        let onOneProcessor = context.ownsProcess && jobs == 1 && webHalf == nil
        await OneProcessor.pinning(if: onOneProcessor) {
            await Self.verify(
                files, reader: context.reader, contracts: context.contracts, repetitions: repetitions,
                jobs: webHalf == nil ? jobs : 1, webHalf: webHalf
            ) { verification in
                for line in verification.lines { context.console.output(line) }
                if githubAnnotations {
                    for annotation in verification.annotations { context.console.output(annotation.command) }
                }
                if case .unreadable(let diagnostics, _) = verification.outcome {
                    for diagnostic in diagnostics { context.console.error(diagnostic.description) }
                }
                status = max(status, verification.status)
                verifications.append(verification)
            }
        }
        context.console.output(summary(of: verifications))
        if let junitPath {
            let report = Self.junitReport(for: verifications, duration: clock.now - start)
            status = max(status, write(report.xml, to: junitPath, what: "JUnit report", in: context))
        }
        if let markdownPath {
            let markdown = VerifyMarkdown.render(verifications, repetitions: repetitions)
            status = max(status, write(markdown, to: markdownPath, what: "Markdown report", in: context))
        }
        return status
    }

    /// Replays `files`, up to `jobs` at once, and hands each result to
    /// `report` in the order of `files` as soon as it and every earlier one are done.
    static func verify(
        _ files: [CassetteFile], reader: CassetteReader, contracts: ContractSet, repetitions: Int, jobs: Int,
        webHalf: WebHalfSettings? = nil, report: (CassetteVerification) -> Void
    ) async {
        await withTaskGroup(of: (Int, CassetteVerification).self) { group in
            var results: [Int: CassetteVerification] = [:]
            var nextToReport = 0
            var nextToStart = 0
            func startNext() {
                guard nextToStart < files.count else { return }
                let index = nextToStart
                let file = files[index]
                group.addTask {
                    if let webHalf {
                        return (
                            index,
                            await CassetteVerification.verifyWebHalf(file, reader: reader, webHalf, repetitions: repetitions)
                        )
                    }
                    return (
                        index,
                        await CassetteVerification.verify(file, reader: reader, contracts: contracts, repetitions: repetitions)
                    )
                }
                nextToStart += 1
            }
            for _ in 0..<min(jobs, files.count) { startNext() }
            while let (index, verification) = await group.next() {
                results[index] = verification
                while let ready = results.removeValue(forKey: nextToReport) {
                    report(ready)
                    nextToReport += 1
                }
                startNext()
            }
        }
    }

    /// `N cassettes verified: P passed, F failed`, with the unreadable ones
    /// and the runs each when there are any.
    private func summary(of verifications: [CassetteVerification]) -> String {
        var passed = 0
        var failed = 0
        var unreadable = 0
        for verification in verifications {
            switch verification.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .unreadable: unreadable += 1
            }
        }
        let total = verifications.count
        var parts = ["\(passed) passed", "\(failed) failed"]
        if unreadable > 0 { parts.append("\(unreadable) unreadable") }
        if repetitions > 1 { parts.append("\(repetitions) runs each") }
        return "\(total) \(total == 1 ? "cassette" : "cassettes") verified: " + parts.joined(separator: ", ")
    }

    /// The results as a JUnit report: one test case per cassette, named by
    /// its file and grouped by its folder.
    static func junitReport(for verifications: [CassetteVerification], duration: Duration) -> JUnitReport {
        let testCases = verifications.map { verification in
            let outcome: JUnitReport.Outcome =
                switch verification.outcome {
                case .passed:
                    .passed
                case .failed(let message, let report, let issues):
                    .failure(message: message, type: issues.first.map { "\($0.kind)" }, text: report.joined(separator: "\n"))
                case .unreadable(let diagnostics, _):
                    .error(
                        message: diagnostics.first?.description ?? "the cassette cannot be read",
                        text: diagnostics.map(\.description).joined(separator: "\n"))
                }
            let path = verification.file.displayPath
            return JUnitReport.TestCase(
                className: className(of: path), name: verification.file.url.lastPathComponent, file: path,
                duration: verification.duration, outcome: outcome)
        }
        return JUnitReport(name: suiteName, testCases: testCases, duration: duration)
    }

    /// The folder of `path` with `/` as `.`, such as `Cassettes.router` for
    /// `Cassettes/router/present-yellow.json`; `(root)`, as JUnit viewers
    /// name the default package, for a file named without a folder.
    static func className(of path: String) -> String {
        var folders = path.split(separator: "/").dropLast().filter { $0 != "." }
        while folders.first == ".." { folders.removeFirst() }
        return folders.isEmpty ? "(root)" : folders.joined(separator: ".")
    }

    private func write(_ report: String, to path: String, what: String, in context: CommandContext) -> ExitCode {
        let url = CassetteFileFinder(currentDirectory: context.currentDirectory).url(of: path)
        do throws(FileWriteError) {
            // Through a link, as fmt writes, so a report path that is a link stays one.
            try AtomicFile.write(Array(report.utf8), to: url.resolvingSymlinksInPath())
            return .success
        } catch {
            let diagnostic = Diagnostic(
                file: path, position: nil, message: "cannot write the \(what): \(error.reason)")
            context.console.error(diagnostic.description)
            return .cannotCreate
        }
    }
}
