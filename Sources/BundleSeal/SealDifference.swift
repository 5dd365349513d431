/// How a bundle differs from its seal: every file whose content changed, that was added,
/// and that is missing, by path inside the bundle.
public struct SealDifference: Hashable, Sendable {
    /// Files whose content differs from the seal.
    public var modified: [String] = []
    /// Files the seal does not know.
    public var added: [String] = []
    /// Sealed files that are gone.
    public var missing: [String] = []

    /// Creates a difference.
    public init(modified: [String] = [], added: [String] = [], missing: [String] = []) {
        self.modified = modified
        self.added = added
        self.missing = missing
    }

    /// Whether the bundle is as sealed.
    public var isEmpty: Bool { modified.isEmpty && added.isEmpty && missing.isEmpty }

    /// Every changed path, sorted.
    public var paths: [String] { (modified + added + missing).sorted() }

    /// The part of the difference inside `folder` (a path prefix such as
    /// `PlugIns/Share.appex/`), or outside every one of `folders` when `folder` is `nil`.
    public func restricted(to folder: String?, excluding folders: [String] = []) -> SealDifference {
        func keep(_ path: String) -> Bool {
            if let folder { return path.hasPrefix(folder) }
            return !folders.contains { path.hasPrefix($0) }
        }
        return SealDifference(modified: modified.filter(keep), added: added.filter(keep), missing: missing.filter(keep))
    }

    /// `modified: A, B; added: C; missing: D`, the parts that are not empty.
    public var summary: String {
        [("modified", modified), ("added", added), ("missing", missing)]
            .filter { !$0.1.isEmpty }
            .map { "\($0.0): \($0.1.joined(separator: ", "))" }
            .joined(separator: "; ")
    }
}
