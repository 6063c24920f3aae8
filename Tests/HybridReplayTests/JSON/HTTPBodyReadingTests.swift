import Foundation
import HybridReplay
import Testing

@Suite("HTTPBody as bytes and text")
struct HTTPBodyReadingTests {
    @Test("text is sent as UTF-8, JSON compactly with sorted keys, bytes as they are")
    func data() {
        #expect(HTTPBody.text("héllo").data == Data("héllo".utf8))
        #expect(HTTPBody.json(["b": 1, "a": [true, nil]]).data == Data(#"{"a":[true,null],"b":1}"#.utf8))
        #expect(HTTPBody.bytes(Data([0, 255])).data == Data([0, 255]))
    }

    @Test("text reads bytes as UTF-8, and is nil for bytes that are not")
    func text() {
        #expect(HTTPBody.bytes(Data("ok".utf8)).text == "ok")
        #expect(HTTPBody.bytes(Data([0xFF, 0xFE])).text == nil)
        #expect(HTTPBody.json(["n": 1.5]).text == #"{"n":1.5}"#)
    }
}
