import Foundation
import HybridReplay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scripted HTTP/1.1 server on 127.0.0.1 for tests that need a real socket.
///
/// It listens on an ephemeral port, serves one request per connection
/// (answering `Connection: close`) on a background thread, and records every
/// request it receives so a test can check what actually arrived on the wire.
/// Call ``stop()`` when done, or ``shutdown()`` where nothing can be awaited.
/// Neither blocks the caller's thread (a test's cooperative thread): the
/// server thread closes the socket within 50 ms of finishing its current request.
/// A test waits for requests to arrive with ``waitForRequests(_:)``, which
/// wakes on the arrival, never by polling.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// A request as it arrived.
    struct Request: Sendable {
        var method: String
        var path: String
        /// Header lines in order, names as sent.
        var headers: [(name: String, value: String)]
        var body: Data

        /// The first header named `name`, compared case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// A scripted answer.
    struct Response: Sendable {
        var status: Int
        var headers: [(name: String, value: String)] = []
        var body = Data()

        /// A redirect to `location`, setting each of `cookies`.
        static func redirect(_ status: Int = 302, to location: String, setting cookies: [String] = []) -> Response {
            Response(status: status, headers: [("Location", location)] + cookies.map { ("Set-Cookie", $0) })
        }

        /// A 200 response with a JSON body.
        static func json(_ object: [String: Any?]) -> Response {
            let normalized = object.mapValues { $0 ?? NSNull() }
            let data = (try? JSONSerialization.data(withJSONObject: normalized, options: [.sortedKeys])) ?? Data()
            return Response(status: 200, headers: [("Content-Type", "application/json")], body: data)
        }
    }

    /// Answers a request; runs on the server's thread.
    typealias Route = @Sendable (Request) -> Response

    enum StartError: Error { case socket(String) }

    /// The port the server listens on.
    let port: UInt16
    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let routes: [String: Route]
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopping = false
    private var closed = false
    /// Tasks waiting for requests to arrive or for the socket to close.
    private let waiters = ConditionWaiters()

    /// Starts listening and serving `routes`, keyed by path; other paths get 404.
    init(routes: [String: Route]) throws {
        let (fd, port) = try loopbackSocket(reusingAddress: true) { listen($0, 16) == 0 }
        listener = fd
        self.port = port
        self.routes = routes
        let thread = Thread { [self] in serve() }
        thread.name = "LoopbackHTTPServer:\(port)"
        thread.start()
    }

    /// Every request received so far, in order.
    var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Stops serving; the server thread closes the socket as it finishes.
    func shutdown() {
        lock.lock()
        stopping = true
        lock.unlock()
    }

    /// Stops serving and waits, without blocking a thread, until the socket
    /// is closed, so a connection to ``port`` is refused afterwards.
    func stop() async {
        shutdown()
        // The bound only ends a wait for a server thread that never gets to run.
        try? await waiters.wait(
            for: "the server's socket to close", patience: .seconds(60), progress: { "still open" },
            until: { [self] in isClosed ? () : nil })
    }

    /// Waits until `count` requests have arrived in all; the route of the
    /// last one may still be answering it.
    func waitForRequests(_ count: Int) async throws {
        try await waiters.wait(
            for: "\(count) requests", patience: .seconds(60), progress: { [self] in "\(requests.count) arrived" },
            until: { [self] in requests.count >= count ? () : nil })
    }

    private var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    private func serve() {
        defer {
            close(listener)
            lock.lock()
            closed = true
            lock.unlock()
            waiters.changed()
        }
        while !isStopping {
            // Poll so `shutdown()` is noticed within 50 ms without closing a socket under accept().
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(connection) else { return }
        lock.lock()
        received.append(request)
        lock.unlock()
        waiters.changed()
        let response = routes[request.path]?(request) ?? Response(status: 404)
        write(response, to: connection)
    }

    private func read(_ connection: Int32) -> Request? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
            headerEnd = buffer.indices.dropLast(3).first { Array(buffer[$0..<$0 + 4]) == separator }
        }
        guard let headerEnd else { return nil }
        let lines = String(decoding: buffer[0..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var request = Request(
            method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Data())
        let length = Int(request.header("Content-Length") ?? "") ?? 0
        var body = Array(buffer[(headerEnd + 4)...])
        while body.count < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            body += chunk[0..<count]
        }
        request.body = Data(body.prefix(length))
        return request
    }

    private func write(_ response: Response, to connection: Int32) {
        var head = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + Array(response.body)
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

/// Holds a route's answer on the server's thread until the test releases it,
/// so a client's timeout or cancellation happens before any answer exists,
/// however slowly the machine runs.
final class ResponseHold: @unchecked Sendable {
    private let released = DispatchSemaphore(value: 0)

    /// Blocks the server's thread (never a test task's) until ``release()``,
    /// or 30 seconds, so a failing test cannot hang the server forever.
    func wait() { _ = released.wait(timeout: .now() + .seconds(30)) }

    /// Lets the held answer go.
    func release() { released.signal() }
}

/// A loopback port that refuses every connection for as long as this value
/// lives: a socket bound to it that never listens.
///
/// A test that needs a refused port cannot use the port of a server it
/// stopped: another test's server, started meanwhile, may be given that same
/// port and receive the request. A bound socket keeps the port from being
/// given out again until ``release()``.
final class RefusingPort: @unchecked Sendable {
    /// The refused port.
    let port: UInt16
    private let socketDescriptor: Int32

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    init() throws {
        (socketDescriptor, port) = try loopbackSocket(reusingAddress: false) { _ in true }
    }

    /// Gives the port back.
    func release() {
        close(socketDescriptor)
    }
}

/// A TCP socket bound to an ephemeral port of 127.0.0.1, then passed to
/// `prepare` (which listens, or not); returns the socket and its port.
private func loopbackSocket(reusingAddress: Bool, prepare: (Int32) -> Bool) throws -> (Int32, UInt16) {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw LoopbackHTTPServer.StartError.socket("socket: errno \(errno)") }
    if reusingAddress {
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            bind(fd, address, length) == 0 && prepare(fd) && getsockname(fd, address, &length) == 0
        }
    }
    guard bound else {
        close(fd)
        throw LoopbackHTTPServer.StartError.socket("bind/listen: errno \(errno)")
    }
    return (fd, UInt16(bigEndian: address.sin_port))
}
