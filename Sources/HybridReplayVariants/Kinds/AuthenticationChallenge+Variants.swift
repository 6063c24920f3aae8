import HybridReplay

/// An authentication challenge's variants: the same server asking another
/// way (Basic, Digest, its certificate for the app to evaluate, a client
/// certificate), and the challenge again after a failed answer, as a server
/// does when the password is wrong, and the challenge twice in one
/// main-queue turn (``SameTurn``: two completion handlers held at once, as
/// when two resources of a page ask together).
extension AuthenticationChallenge: KindVariants {
    /// The ways a server asks that apps meet: an intranet's Basic or Digest, a pinned certificate, a client certificate.
    static let variantMethods: [AuthenticationMethod] = [.httpBasic, .httpDigest, .serverTrust, .clientCertificate]

    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits = Self.variantMethods.filter { $0 != method }.map { other in
            var asked = self
            asked.method = other
            return VariantEdit("method", other.rawValue, "the server asks by \(other.rawValue)", .replace(asked))
        }
        var retried = self
        retried.previousFailureCount += 1
        edits.append(VariantEdit("retry", nil, "the challenge again after a failed answer", .insertAfter([retried])))
        if let sameTurn = SameTurn.edit(of: event) { edits.append(sameTurn) }
        return edits
    }
}
