import Foundation

/// The freedesktop shared-mime-info database (`/usr/share/mime`, Debian `shared-mime-info`):
/// MIME types, their filename globs, aliases and sub-class-of relations.
///
/// Reads the generated text files `types`, `globs2`, `aliases` and `subclasses`; type
/// comments come from the per-type XML files on demand.
public struct SharedMIMEDatabase: Sendable {
    /// The `mime` directories read, most important first.
    public let directories: [URL]
    /// Every canonical MIME type, lowercased, in file order.
    public private(set) var mimeTypes: [String] = []
    /// Lowercased extension → MIME types, heaviest glob first.
    private var mimeByExtension: [String: [String]] = [:]
    /// MIME type → extensions, heaviest glob first.
    private var extensionsByMIME: [String: [String]] = [:]
    /// MIME type → the MIME types it is a sub-class of.
    private var parentsByMIME: [String: [String]] = [:]
    /// Alias → canonical MIME type.
    private var canonicalByAlias: [String: String] = [:]
    /// Canonical MIME type → its aliases, sorted.
    private var aliasesByCanonical: [String: [String]] = [:]

    /// The database at the XDG data directories (`$XDG_DATA_HOME`, `$XDG_DATA_DIRS`, default
    /// `/usr/local/share:/usr/share`), or `nil` when none holds one.
    public static let system: SharedMIMEDatabase? = {
        let env = ProcessInfo.processInfo.environment
        var roots: [String] = []
        if let home = env["XDG_DATA_HOME"], !home.isEmpty { roots.append(home) }
        let dirs = env["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        roots += dirs.split(separator: ":").map(String.init)
        let mimeDirs = roots.map { URL(fileURLWithPath: $0).appendingPathComponent("mime") }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("globs2").path) }
        return mimeDirs.isEmpty ? nil : SharedMIMEDatabase(directories: mimeDirs)
    }()

    /// Reads the database from `mime` directories, most important first. Missing or
    /// malformed files and lines are skipped.
    public init(directories: [URL]) {
        self.directories = directories
        var seenTypes = Set<String>()
        var globs: [(weight: Int, order: Int, mime: String, ext: String)] = []
        for dir in directories.reversed() {  // less important first; later entries override
            for line in Self.lines(dir, "types") where seenTypes.insert(line.lowercased()).inserted {
                mimeTypes.append(line.lowercased())
            }
            for line in Self.lines(dir, "aliases") {
                let parts = line.split(separator: " ", omittingEmptySubsequences: true)
                if parts.count == 2 { canonicalByAlias[parts[0].lowercased()] = parts[1].lowercased() }
            }
            for line in Self.lines(dir, "subclasses") {
                let parts = line.split(separator: " ", omittingEmptySubsequences: true)
                if parts.count == 2 { parentsByMIME[parts[0].lowercased(), default: []].append(parts[1].lowercased()) }
            }
            for line in Self.lines(dir, "globs2") {
                // weight:mime:glob[:flags]
                let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
                guard parts.count >= 3, let weight = Int(parts[0]), let ext = Self.simpleExtension(parts[2]) else { continue }
                globs.append((weight, globs.count, parts[1].lowercased(), ext))
            }
        }
        for (alias, canonical) in canonicalByAlias { aliasesByCanonical[canonical, default: []].append(alias) }
        for key in aliasesByCanonical.keys { aliasesByCanonical[key]?.sort() }
        globs.sort { ($0.weight, -$0.order) > ($1.weight, -$1.order) }
        for g in globs {
            if !(mimeByExtension[g.ext.lowercased()]?.contains(g.mime) ?? false) {
                mimeByExtension[g.ext.lowercased(), default: []].append(g.mime)
            }
            if !(extensionsByMIME[g.mime]?.contains(g.ext) ?? false) {
                extensionsByMIME[g.mime, default: []].append(g.ext)
            }
        }
    }

    /// The MIME types whose globs claim a filename extension, heaviest first.
    public func mimeTypes(forExtension ext: String) -> [String] {
        mimeByExtension[ext.lowercased()] ?? []
    }

    /// The extensions of a MIME type's simple `*.ext` globs, heaviest first.
    public func extensions(forMIMEType mime: String) -> [String] {
        extensionsByMIME[canonicalMIMEType(mime)] ?? []
    }

    /// The MIME types a MIME type is declared a sub-class of.
    public func parents(ofMIMEType mime: String) -> [String] {
        parentsByMIME[canonicalMIMEType(mime)] ?? []
    }

    /// The aliases that resolve to a canonical MIME type.
    public func aliases(ofMIMEType mime: String) -> [String] {
        aliasesByCanonical[mime.lowercased()] ?? []
    }

    /// The canonical MIME type for an alias; the type itself otherwise.
    public func canonicalMIMEType(_ mime: String) -> String {
        let key = mime.lowercased()
        return canonicalByAlias[key] ?? key
    }

    /// The type's English comment from its XML description, such as "7-zip archive".
    public func comment(forMIMEType mime: String) -> String? {
        let canonical = canonicalMIMEType(mime)
        guard canonical.split(separator: "/").count == 2, !canonical.contains("..") else { return nil }
        for dir in directories {
            guard let xml = try? String(contentsOf: dir.appendingPathComponent(canonical + ".xml"), encoding: .utf8) else { continue }
            var rest = xml[...]
            while let open = rest.range(of: "<comment") {
                guard let close = rest[open.upperBound...].range(of: ">"),
                      let end = rest[close.upperBound...].range(of: "</comment>") else { break }
                let attributes = rest[open.upperBound..<close.lowerBound]
                if !attributes.contains("xml:lang") {
                    return Self.unescapeXML(String(rest[close.upperBound..<end.lowerBound]))
                }
                rest = rest[end.upperBound...]
            }
        }
        return nil
    }

    // MARK: - Reading

    private static func lines(_ dir: URL, _ name: String) -> [Substring] {
        guard let data = try? Data(contentsOf: dir.appendingPathComponent(name)) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    /// `*.ext` with no further wildcard → `ext`.
    private static func simpleExtension(_ glob: Substring) -> String? {
        guard glob.hasPrefix("*."), glob.count > 2 else { return nil }
        let ext = glob.dropFirst(2)
        guard !ext.contains(where: { "*?[]/.".contains($0) }) else { return nil }
        return String(ext)
    }

    private static func unescapeXML(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
