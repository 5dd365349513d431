import Foundation

extension BundleSeal {
    /// The seal a bundle carries (``embeddedPath``), or `nil` when it carries none.
    /// - Throws: ``BundleSealError/Code/invalidSeal`` when the file is there but is not a seal.
    public static func embedded(in bundle: URL) throws(BundleSealError) -> BundleSeal? {
        let url = bundle.appendingPathComponent(embeddedPath)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let seal = try PropertyListDecoder().decode(BundleSeal.self, from: Data(contentsOf: url))
            guard seal.version == 1 else {
                throw BundleSealError(.invalidSeal, "\(url.path): seal format \(seal.version), this Appex reads format 1")
            }
            return seal
        } catch let error as BundleSealError {
            throw error
        } catch {
            throw BundleSealError(.invalidSeal, "\(url.path): not a seal (\(error))")
        }
    }

    /// How `bundle` differs from the seal it carries (full hashes); `nil` when it carries none.
    /// What `appex install`, `appex verify path.app` and `appex match` check a bundle with.
    public static func differenceFromEmbedded(in bundle: URL) throws(BundleSealError) -> SealDifference? {
        try embedded(in: bundle)?.difference(from: bundle)
    }

    /// Writes this seal into `bundle` at ``embeddedPath`` (an XML property list, as Apple's
    /// CodeResources is), replacing the file whole or not at all.
    public func embed(in bundle: URL) throws(BundleSealError) {
        let url = bundle.appendingPathComponent(Self.embeddedPath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .xml
            try encoder.encode(self).write(to: url, options: .atomic)
        } catch {
            throw BundleSealError(.cannotWrite, "\(url.path): \(error.localizedDescription)")
        }
    }
}
