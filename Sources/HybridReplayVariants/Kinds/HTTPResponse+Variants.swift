import Foundation
import HybridReplay

/// An HTTP response's variants: a transport error or a timeout in its place,
/// statuses on each side of each class boundary, its body as text, as
/// bytes, empty or absent, its cookies' attributes (``CookieAttributeClasses``),
/// where a redirect hop sends the client (``RedirectTargetClasses``), and the
/// page navigating away before it arrives.
extension HTTPResponse: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits = [
            VariantEdit(
                "transport-error", "-1009", "the request fails: no network",
                .replace(HTTPTransportFailure(code: -1009, message: "The Internet connection appears to be offline."))),
            VariantEdit("timeout", "-1001", "the request times out", .replace(HTTPTransportFailure(code: -1001, message: "The request timed out."))),
        ]
        let isRedirect = (300..<400).contains(status) && headers.contains { $0.name.lowercased() == "location" }
        // A hop of a redirect chain keeps its status: another one ends the chain the cassette goes on with.
        if !isRedirect {
            for code in HTTPStatusClasses.boundaries where code != status {
                var variant = self
                variant.status = code
                edits.append(VariantEdit("status", String(code), "status \(code)", .replace(variant)))
            }
        }
        let text = body.map(HTTPStatusClasses.text(of:)) ?? ""
        let bodies: [(String, HTTPBody?)] = [
            ("text", .text(text)), ("bytes", .bytes(Data(text.utf8))), ("empty", .text("")), ("none", nil),
        ]
        for (name, changed) in bodies where changed != body {
            var variant = self
            variant.body = changed
            edits.append(VariantEdit("body", name, "body \(name == "none" ? "absent" : "as \(name)")", .replace(variant)))
        }
        edits += CookieAttributeClasses.edits(of: self)
        if isRedirect, let request = event.answers, let answered = cassette.events.first(where: { $0.id == request }) {
            edits += RedirectTargetClasses.edits(of: self, answering: answered.payload as? HTTPRequest)
        }
        if let navigated = PageReplacement.edit(before: event, in: cassette) { edits.append(navigated) }
        return edits
    }
}
