import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("GPXTrack")
struct GPXTrackTests {
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Simulation
        .deletingLastPathComponent()  // HybridReplayTests
        .appendingPathComponent("Fixtures/gpx/cupertino-walk.gpx")

    /// 2026-01-31T12:00:00Z.
    static let noon = Date(timeIntervalSince1970: 1_769_860_800)

    static func read(
        _ gpx: String, startingAt start: Date = GPXTrack.defaultStart, interval: Duration = .seconds(1)
    ) throws(GPXError) -> GPXTrack {
        try GPXTrack(data: Data(gpx.utf8), name: "walk.gpx", startingAt: start, interval: interval)
    }

    static func error(_ gpx: String) -> GPXError? {
        do {
            _ = try read(gpx)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reading points

    @Test("reads waypoints with their elevation and time as fixes")
    func waypoints() throws {
        let track = try Self.read(
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="Xcode" xmlns="http://www.topografix.com/GPX/1/1">
                <metadata><time>2026-01-31T11:00:00Z</time></metadata>
                <wpt lat="37.331705" lon="-122.030237">
                    <ele>71.5</ele>
                    <name>Cupertino</name>
                    <time>2026-01-31T12:00:00Z</time>
                </wpt>
                <wpt lat="-33.8568" lon="151.2153"><time>2026-01-31T12:00:05Z</time></wpt>
            </gpx>
            """)

        #expect(
            track.fixes == [
                LocationFix(latitude: 37.331705, longitude: -122.030237, altitude: 71.5, timestamp: "2026-01-31T12:00:00Z"),
                LocationFix(latitude: -33.8568, longitude: 151.2153, timestamp: "2026-01-31T12:00:05Z"),
            ])
    }

    @Test("reads track points from every segment, and route points, in document order")
    func trackPoints() throws {
        let track = try Self.read(
            """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
                <rte><rtept lat="1" lon="2"><time>2026-01-31T12:00:00Z</time></rtept></rte>
                <trk>
                    <name>Loop</name>
                    <trkseg>
                        <trkpt lat="37.3318" lon="-122.0312"><ele>70</ele><time>2026-01-31T12:00:01Z</time></trkpt>
                        <trkpt lat="37.3319" lon="-122.0311"><ele>70.5</ele><time>2026-01-31T12:00:02Z</time></trkpt>
                    </trkseg>
                    <trkseg>
                        <trkpt lat="37.3320" lon="-122.0310"><time>2026-01-31T12:00:03Z</time></trkpt>
                    </trkseg>
                </trk>
            </gpx>
            """)

        #expect(
            track.fixes == [
                LocationFix(latitude: 1, longitude: 2, timestamp: "2026-01-31T12:00:00Z"),
                LocationFix(latitude: 37.3318, longitude: -122.0312, altitude: 70, timestamp: "2026-01-31T12:00:01Z"),
                LocationFix(latitude: 37.3319, longitude: -122.0311, altitude: 70.5, timestamp: "2026-01-31T12:00:02Z"),
                LocationFix(latitude: 37.3320, longitude: -122.0310, timestamp: "2026-01-31T12:00:03Z"),
            ])
    }

    @Test("reads GPX 1.0, including the speed and course it has on points")
    func gpx10() throws {
        let track = try Self.read(
            """
            <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
                <trk><trkseg>
                    <trkpt lat="51.5007" lon="-0.1246">
                        <ele>12</ele><time>2026-01-31T12:00:00Z</time><course>92.5</course><speed>1.4</speed>
                    </trkpt>
                </trkseg></trk>
            </gpx>
            """)

        #expect(
            track.fixes == [
                LocationFix(
                    latitude: 51.5007, longitude: -0.1246, altitude: 12, course: 92.5, speed: 1.4,
                    timestamp: "2026-01-31T12:00:00Z")
            ])
    }

    @Test("ignores points in other namespaces and the children of extensions")
    func foreignElements() throws {
        let track = try Self.read(
            """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="urn:example">
                <x:wpt lat="0" lon="0"/>
                <wpt lat="10" lon="20">
                    <time>2026-01-31T12:00:00Z</time>
                    <extensions><x:time>yesterday</x:time><x:trkseg><trkpt lat="1" lon="1"/></x:trkseg></extensions>
                </wpt>
            </gpx>
            """)

        #expect(track.fixes == [LocationFix(latitude: 10, longitude: 20, timestamp: "2026-01-31T12:00:00Z")])
    }

    @Test(
        "normalises times to RFC 3339 in UTC",
        arguments: [
            ("2026-01-31T12:00:00Z", "2026-01-31T12:00:00Z"),
            ("2026-01-31T13:00:00+01:00", "2026-01-31T12:00:00Z"),
            ("2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00Z"),
            ("2024-02-28T20:00:00-05:00", "2024-02-29T01:00:00Z"),
            ("2026-01-31T12:00:00.500Z", "2026-01-31T12:00:00.5Z"),
            ("2026-01-31T12:00:00.000Z", "2026-01-31T12:00:00Z"),
            ("2026-01-31T12:00:00.123456789123Z", "2026-01-31T12:00:00.123456789Z"),
            ("2026-01-31t12:00:00z", "2026-01-31T12:00:00Z"),
            ("2026-01-31T12:00:00", "2026-01-31T12:00:00Z"),
            ("\n  2026-01-31T12:00:00Z\n  ", "2026-01-31T12:00:00Z"),
            ("1969-12-31T23:59:59.25Z", "1969-12-31T23:59:59.25Z"),
            ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"),
            ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
        ])
    func normalisesTimes(time: String, timestamp: String) throws {
        let track = try Self.read(#"<gpx><wpt lat="1" lon="2"><time>\#(time)</time></wpt></gpx>"#)

        #expect(track.fixes.map(\.timestamp) == [timestamp])
    }

    @Test("reads the sample walk from a file, as Xcode would play it")
    func sampleFile() throws {
        let track = try GPXTrack(contentsOf: Self.sample)

        #expect(track.fixes.count == 8)
        #expect(
            track.fixes.first
                == LocationFix(latitude: 37.323, longitude: -122.0321, altitude: 72, timestamp: "2026-03-14T16:00:00Z"))
        #expect(
            track.fixes.map(\.timestamp) == [
                "2026-03-14T16:00:00Z", "2026-03-14T16:00:10Z", "2026-03-14T16:00:20Z", "2026-03-14T16:00:30Z",
                "2026-03-14T16:00:40Z", "2026-03-14T16:00:50Z", "2026-03-14T16:01:00Z", "2026-03-14T16:01:10Z",
            ])
        #expect(track.fixes.allSatisfy { $0.altitude != nil && $0.horizontalAccuracy == nil })
    }

    // MARK: Points without a time

    @Test("times untimed points from the start date, one interval apart, as Xcode does")
    func untimedPoints() throws {
        let gpx = """
            <gpx version="1.1" creator="Xcode">
                <wpt lat="37.3349" lon="-122.009"/>
                <wpt lat="37.3350" lon="-122.010"/>
                <wpt lat="37.3351" lon="-122.011"/>
            </gpx>
            """

        let track = try Self.read(gpx, startingAt: Self.noon, interval: .milliseconds(1500))

        #expect(track.fixes.map(\.timestamp) == ["2026-01-31T12:00:00Z", "2026-01-31T12:00:01.5Z", "2026-01-31T12:00:03Z"])
        #expect(track.fixes.map(\.latitude) == [37.3349, 37.3350, 37.3351])
    }

    @Test("starts untimed points at a fixed date by default, so every run gives the same fixes")
    func defaultStart() throws {
        let track = try Self.read(#"<gpx><wpt lat="1" lon="2"/><wpt lat="1" lon="2"/></gpx>"#)

        #expect(track.fixes.map(\.timestamp) == ["2001-01-01T00:00:00Z", "2001-01-01T00:00:01Z"])
    }

    @Test("times an untimed point one interval after the point before it, timed or not")
    func mixedTimes() throws {
        let track = try Self.read(
            """
            <gpx>
                <wpt lat="1" lon="1"/>
                <wpt lat="2" lon="2"><time>2026-01-31T12:00:00Z</time></wpt>
                <wpt lat="3" lon="3"/>
                <wpt lat="4" lon="4"/>
            </gpx>
            """, startingAt: Self.noon.addingTimeInterval(-60), interval: .seconds(5))

        #expect(
            track.fixes.map(\.timestamp) == [
                "2026-01-31T11:59:00Z", "2026-01-31T12:00:00Z", "2026-01-31T12:00:05Z", "2026-01-31T12:00:10Z",
            ])
    }

    // MARK: Errors

    struct Problem: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var gpx: String
        var error: String
    }

    static let problems = [
        Problem(
            testDescription: "a closing tag that does not match",
            gpx: """
                <gpx version="1.1">
                  <wpt lat="37.3349" lon="-122.009">
                  </wtp>
                </gpx>
                """,
            error: "walk.gpx:3:3: error: malformed XML: expected </wpt> to close <wpt> from line 2, found </wtp>"),
        Problem(
            testDescription: "a closing tag that does not match, right before the next tag",
            gpx: "<gpx><wpt lat=\"1\" lon=\"2\"></wtp></gpx>",
            error: "walk.gpx:1:27: error: malformed XML: expected </wpt> to close <wpt> from line 1, found </wtp>"),
        Problem(
            testDescription: "a file that ends inside a point",
            gpx: """
                <gpx version="1.1">
                  <wpt lat="37.3349" lon="-122.009">
                """,
            error: "walk.gpx:2:37: error: malformed XML: the file ends inside <wpt> from line 2; expected </wpt>"),
        Problem(
            testDescription: "an attribute without quotes",
            gpx: """
                <gpx>
                  <wpt lat=37.3349 lon="-122.009"/>
                </gpx>
                """,
            error: "walk.gpx:2:12: error: malformed XML: an attribute without a quoted value; expected name=\"value\""),
        Problem(
            testDescription: "a bare ampersand",
            gpx: "<gpx><metadata><name>Walk & talk</name></metadata></gpx>",
            error: "walk.gpx:1:28: error: malformed XML: expected a name after < or &; "
                + "write a literal < as &lt; and & as &amp;"),
        Problem(
            testDescription: "content after the root",
            gpx: "<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>\n<gpx/>",
            error: "walk.gpx:2:1: error: malformed XML: expected nothing after </gpx>, found more content"),
        Problem(
            testDescription: "text that is not XML",
            gpx: "lat,lon\n37.3349,-122.009\n",
            error: "walk.gpx:1:1: error: malformed XML: expected a <gpx> root element, found text that is not XML"),
        Problem(
            testDescription: "another root element",
            gpx: """
                <?xml version="1.0"?>
                <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark/></kml>
                """,
            error: "walk.gpx:2:1: error: expected a <gpx> root element, found <kml> "
                + "in the namespace http://www.opengis.net/kml/2.2"),
        Problem(
            testDescription: "a waypoint without lat",
            gpx: """
                <gpx>
                  <wpt lon="-122.009"><time>2026-01-31T12:00:00Z</time></wpt>
                </gpx>
                """,
            error: "walk.gpx:2:3: error: <wpt> has no lat attribute; expected lat=\"…\" with the latitude in decimal degrees"),
        Problem(
            testDescription: "a track point without lon, its tag across lines",
            gpx: """
                <gpx><trk><trkseg>
                    <trkpt lat="1" lon="1"/>
                    <trkpt
                        lat="37.3349"
                        lng="-122.009"/>
                </trkseg></trk></gpx>
                """,
            error: "walk.gpx:3:5: error: <trkpt> has no lon attribute; "
                + "expected lon=\"…\" with the longitude in decimal degrees"),
        Problem(
            testDescription: "a latitude out of range",
            gpx: "<gpx>\n<wpt lat=\"91.5\" lon=\"0\"/></gpx>",
            error: "walk.gpx:2:1: error: <wpt> lat=\"91.5\" is outside -90...90; "
                + "expected the latitude in decimal degrees"),
        Problem(
            testDescription: "a longitude out of range",
            gpx: "<gpx><rte><rtept lat=\"0\" lon=\"-180.25\"/></rte></gpx>",
            error: "walk.gpx:1:11: error: <rtept> lon=\"-180.25\" is outside -180...180; "
                + "expected the longitude in decimal degrees"),
        Problem(
            testDescription: "a latitude that is not a number",
            gpx: "<gpx><wpt lat=\"nan\" lon=\"0\"/></gpx>",
            error: "walk.gpx:1:6: error: <wpt> lat=\"nan\" is not a number; expected the latitude in decimal degrees"),
        Problem(
            testDescription: "a day that does not exist",
            gpx: """
                <gpx>
                  <wpt lat="1" lon="2">
                    <time>2026-02-29T12:00:00Z</time>
                  </wpt>
                </gpx>
                """,
            error: "walk.gpx:3:5: error: <time>2026-02-29T12:00:00Z</time> is not a time; expected an ISO 8601 date "
                + "and time between the years 0000 and 9999, such as 2026-01-31T12:00:00Z"),
        Problem(
            testDescription: "a time in words",
            gpx: "<gpx><wpt lat=\"1\" lon=\"2\"><time>yesterday</time></wpt></gpx>",
            error: "walk.gpx:1:27: error: <time>yesterday</time> is not a time; expected an ISO 8601 date "
                + "and time between the years 0000 and 9999, such as 2026-01-31T12:00:00Z"),
        Problem(
            testDescription: "a time before the year 0000 in UTC",
            gpx: "<gpx><wpt lat=\"1\" lon=\"2\"><time>0000-01-01T00:30:00+01:00</time></wpt></gpx>",
            error: "walk.gpx:1:27: error: <time>0000-01-01T00:30:00+01:00</time> is not a time; expected an ISO 8601 "
                + "date and time between the years 0000 and 9999, such as 2026-01-31T12:00:00Z"),
        Problem(
            testDescription: "an elevation that is not a number",
            gpx: "<gpx><wpt lat=\"1\" lon=\"2\"><ele>12 m</ele></wpt></gpx>",
            error: "walk.gpx:1:27: error: <ele>12 m</ele> is not a number; expected an elevation in metres"),
        // Found by fuzzing (docs/fuzzing.md): libxml2 crashed switching to UTF-7, or to UTF-16 before NULs,
        // so the reader converts the few encodings it reads to UTF-8 itself.
        Problem(
            testDescription: "a malformed declaration of UTF-7, which crashed libxml2",
            gpx: #"<?xml version="1.0" encoding="UTF7"+1:"#,
            error: "walk.gpx:1:31: error: the XML declaration names the encoding 'UTF7', which is not read; "
                + "expected UTF-8 (or UTF-16, US-ASCII, ISO-8859-1, windows-1252)"),
        Problem(
            testDescription: "a document in UTF-7",
            gpx: #"<?xml version='1.0' encoding = 'utf-7' ?><gpx><wpt lat="1" lon="2"/></gpx>"#,
            error: "walk.gpx:1:33: error: the XML declaration names the encoding 'utf-7', which is not read; "
                + "expected UTF-8 (or UTF-16, US-ASCII, ISO-8859-1, windows-1252)"),
        Problem(
            testDescription: "a document in UCS-4, which starts with NULs",
            gpx: "\u{0}\u{0}\u{0}<gpx/>",
            error: "walk.gpx:1:1: error: a NUL character, which XML does not allow"),
    ]

    @Test("reads a document in the encoding its declaration names", arguments: [
        (String.Encoding.utf16, "UTF-16"), (.isoLatin1, "ISO-8859-1"), (.windowsCP1252, "windows-1252"), (.utf8, "utf-8"),
    ])
    func declaredEncoding(_ encoding: String.Encoding, _ name: String) throws {
        let gpx = #"<?xml version="1.0" encoding="\#(name)"?><gpx><wpt lat="1" lon="2"><name>Caf\#u{E9}</name></wpt></gpx>"#
        let data = try #require(gpx.data(using: encoding))
        let track = try GPXTrack(data: data, name: "walk.gpx")
        #expect(track.fixes.map { [$0.latitude, $0.longitude] } == [[1, 2]])
    }

    /// The input the gpx fuzz target found crashing libxml2: a UTF-16 byte-order mark, then NULs.
    static let byteOrderMarkThenNULs: [UInt8] = [
        0xFF, 0xFE, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x68, 0x74, 0x74, 0x70, 0x3A, 0x2F, 0x2F, 0x77, 0x77, 0x77, 0x2E, 0x74, 0x6F, 0x70, 0x6F, 0x67, 0x72, 0x61, 0x6B, 0x69, 0x78, 0x2E, 0x63, 0x6F, 0x6D, 0x2F, 0x47, 0x50, 0x58, 0x2F, 0x31, 0x2F, 0x31, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x76, 0x65, 0x72, 0xCF, 0xD1, 0xCF, 0xDD, 0xDF, 0xFF, 0xFF, 0xD8, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x49, 0x53, 0x4F, 0x2D, 0x31
    ]

    @Test("a UTF-16 byte-order mark followed by what is not UTF-16, or by NULs, is an error, not a crash in libxml2")
    func utf16Problems() {
        for (bytes, message) in [
            (Self.byteOrderMarkThenNULs, "expected UTF-16 text after the byte-order mark, found bytes that are not"),
            ([0xFF, 0xFE, 0x00, 0x00, 0x3C, 0x00], "a NUL character, which XML does not allow"),
        ] {
            #expect(throws: GPXError(file: "walk.gpx", position: SourcePosition(line: 1, column: 1), message: message)) {
                try GPXTrack(data: Data(bytes), name: "walk.gpx")
            }
        }
    }

    // Found by fuzzing (docs/fuzzing.md): XMLParser on Linux crashed on a processing instruction without data.
    @Test("reads a track with processing instructions without data, before, in and after it", arguments: [
        #"<?pi?><gpx><wpt lat="1" lon="2"/></gpx>"#, #"<gpx><?pi?><wpt lat="1" lon="2"/><?x-y?></gpx>"#,
        #"<gpx><wpt lat="1" lon="2"/></gpx><?pi?>"#, #"<gpx><!-- <?pi?> --><wpt lat="1" lon="2"/></gpx>"#,
    ])
    func instructionsWithoutData(_ gpx: String) throws {
        #expect(try Self.read(gpx).fixes.map { [$0.latitude, $0.longitude] } == [[1, 2]])
    }

    @Test("says where and what is wrong", arguments: problems)
    func errors(_ problem: Problem) {
        #expect(Self.error(problem.gpx)?.description == problem.error)
    }

    @Test("rejects an empty file, which has nothing to play", arguments: ["", " \n\t\r\n", "\u{FEFF}"])
    func emptyFile(_ gpx: String) {
        let error = Self.error(gpx)

        #expect(error?.position == SourcePosition(line: 1, column: 1))
        #expect(
            error?.description
                == "walk.gpx:1:1: error: the file is empty; expected a GPX document such as "
                + "<gpx version=\"1.1\"><wpt lat=\"37.3349\" lon=\"-122.009\"/></gpx>")
    }

    @Test("rejects a file with only an XML declaration")
    func declarationOnly() {
        #expect(
            Self.error("<?xml version=\"1.0\"?>\n")?.description
                == "walk.gpx:2:1: error: malformed XML: expected a <gpx> root element, found none")
    }

    @Test(
        "rejects a file with no points rather than giving an empty track",
        arguments: [
            "<gpx version=\"1.1\" creator=\"Xcode\">\n</gpx>",
            "<gpx version=\"1.1\" creator=\"Xcode\"><metadata><name>Home</name></metadata><trk><trkseg/></trk></gpx>",
            "<gpx version=\"1.1\" creator=\"Xcode\"><rte><wpt lat=\"1\" lon=\"2\"/></rte></gpx>",
        ])
    func noPoints(_ gpx: String) {
        #expect(
            Self.error(gpx)?.description
                == "walk.gpx:1:1: error: <gpx> has no points; expected <wpt>, <rtept> in <rte>, or <trkpt> in "
                + "<trkseg>, each with lat and lon")
    }

    @Test("rejects untimed points that the start date and interval put past the year 9999")
    func untimedPastYear9999() {
        let gpx = "<gpx><wpt lat=\"1\" lon=\"2\"/>\n<wpt lat=\"3\" lon=\"4\"/></gpx>"

        #expect {
            _ = try Self.read(gpx, startingAt: .distantFuture, interval: .seconds(200_000_000_000))
        } throws: { error in
            (error as? GPXError)?.description
                == "walk.gpx:2:1: error: <wpt> has no <time>, and the start date and interval put it outside the "
                + "years 0000 to 9999; expected a startingAt date and an interval that stay within them"
        }
    }

    @Test("neither expands entity bombs nor reads external entities")
    func entities() {
        let laughs = (1...6).map { "<!ENTITY l\($0) \"" + String(repeating: "&l\($0 - 1);", count: 10) + "\">" }
        let bomb = "<!DOCTYPE gpx [<!ENTITY l0 \"lol\">\(laughs.joined())]>"
            + "<gpx><wpt lat=\"1\" lon=\"2\"><name>&l6;</name></wpt></gpx>"
        let external = "<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/hostname\">]>"
            + "<gpx><wpt lat=\"1\" lon=\"2\"><time>&x;</time></wpt></gpx>"

        #expect(Self.error(bomb)?.message == "malformed XML: entities that refer to themselves or expand too far")
        #expect(Self.error(external)?.message.hasPrefix("<time></time> is not a time") == true)
    }

    @Test("names the path of a file it cannot read")
    func unreadableFile() {
        let missing = URL(fileURLWithPath: "/nonexistent/walk.gpx")

        #expect {
            _ = try GPXTrack(contentsOf: missing)
        } throws: { error in
            guard let error = error as? GPXError else { return false }
            return error.file == "/nonexistent/walk.gpx" && error.position == nil
                && error.description.hasPrefix("/nonexistent/walk.gpx: error: expected a readable GPX file, found none")
        }
    }

    @Test("never crashes on a file cut short anywhere")
    func truncatedFiles() throws {
        let bytes = try Data(contentsOf: Self.sample)
        var failures = 0
        for length in 0..<bytes.count {
            do {
                _ = try GPXTrack(data: bytes.prefix(length), name: "cut.gpx")
            } catch {
                failures += 1
                #expect(error.file == "cut.gpx")
                #expect(error.position.map { $0.line >= 1 && $0.column >= 1 } == true)
            }
        }
        // Every cut leaves an element open, apart from whitespace cut after </gpx>.
        #expect(failures >= bytes.count - 1)
    }

    // MARK: Playing

    @Test("plays a track to the delegate in batches, oldest first")
    func playsInBatches() async throws {
        let track = try GPXTrack(contentsOf: Self.sample)
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        try await manager.play(track, batchSize: 3)

        let fixes = track.fixes
        #expect(
            log.entries == [
                .authorization(.authorizedWhenInUse, .full), .locations(Array(fixes[0..<3])),
                .locations(Array(fixes[3..<6])), .locations(Array(fixes[6..<8])),
            ])
    }

    @Test("sleeps on the clock until each batch's newest fix, so a recording gets realistic times")
    func playsOnAClock() async throws {
        let track = try GPXTrack(contentsOf: Self.sample)
        let clock = VirtualClock()
        let recorder = Recorder(name: "cupertino-walk", clock: clock)
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let platform = recorder.platform(wrapping: .simulated(locationManager: manager, clock: clock))
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        platform.locationManager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        try await manager.play(track, batchSize: 2, clock: clock)

        let updates = recorder.events.filter { $0.payload is LocationUpdate }
        #expect(updates.map(\.at) == [10, 30, 50, 70])
        #expect(updates.compactMap { ($0.payload as? LocationUpdate)?.locations.count } == [2, 2, 2, 2])
        #expect(clock.sleeps == [.seconds(10), .seconds(30), .seconds(50), .seconds(70)])
        #expect(log.entries.count == 5)
    }

    @Test("delivers a batch at once when its time goes back, and waits only for later ones")
    func timeGoingBack() async throws {
        let clock = VirtualClock()
        let track = GPXTrack(fixes: [
            LocationFix(latitude: 1, longitude: 1, timestamp: "2026-01-31T12:00:00Z"),
            LocationFix(latitude: 2, longitude: 2, timestamp: "2026-01-31T12:00:05Z"),
            LocationFix(latitude: 3, longitude: 3, timestamp: "2026-01-31T11:00:00Z"),
            LocationFix(latitude: 4, longitude: 4, timestamp: "not a time"),
            LocationFix(latitude: 5, longitude: 5, timestamp: "2026-01-31T12:00:07.25Z"),
        ])
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        try await manager.play(track, clock: clock)

        #expect(clock.sleeps == [.seconds(5), .milliseconds(7250)])
        #expect(log.entries.count == 6)
    }

    @Test("rejects a batch size below one")
    func batchSize() async throws {
        let manager = SimulatedLocationManager()
        let track = GPXTrack(fixes: [LocationFix(latitude: 1, longitude: 1, timestamp: "2026-01-31T12:00:00Z")])

        await #expect(throws: SimulationError("play(_:batchSize:clock:) needs a batchSize of at least 1, found 0")) {
            try await manager.play(track, batchSize: 0)
        }
    }

    @Test("stops when its task is cancelled")
    func cancellation() async throws {
        let track = try GPXTrack(contentsOf: Self.sample)
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        let playing = Task { try await manager.play(track, clock: ContinuousClock()) }
        playing.cancel()

        await #expect(throws: CancellationError.self) { try await playing.value }
        #expect(log.entries.count < track.fixes.count + 1)
    }
}

/// A clock whose sleeps return at once, moving the clock to their deadline.
private final class VirtualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var deadlines: [Duration] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .nanoseconds(1) }

    /// The deadlines slept until, from the clock's start.
    var sleeps: [Duration] { lock.withLock { deadlines } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        lock.withLock {
            deadlines.append(deadline.offset)
            current = max(current, deadline)
        }
    }
}
