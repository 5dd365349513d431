/// Turns shared-mime-info types that no system type claims into declarations, so that a
/// MIME type or extension without a UTI still has a type with its tags and a place in the
/// hierarchy.
///
/// A bridged type's identifier is `org.freedesktop.mime.<media>.<subtype>` (characters not
/// allowed in identifiers become `-`). Its parents are the system or bridged types of its
/// `sub-class-of` MIME types; with none, `text/*` conforms to `public.plain-text` and
/// everything else to `public.data` (the implicit parents in the shared-mime-info spec).
/// `image/*`, `audio/*`, `video/*` and `font/*` also conform to `public.image`,
/// `public.audio`, `public.movie` and `public.font`.
enum MIMETypeBridge {
    static let identifierPrefix = "org.freedesktop.mime."

    /// Media types that do not describe file contents.
    static let skippedMedia: Set<String> = ["inode", "x-content", "x-scheme-handler", "multipart", "all"]

    static func identifier(forMIMEType mime: String) -> String {
        identifierPrefix + String(mime.unicodeScalars.map { s -> Character in
            if s == "/" { return "." }
            return TypeIdentifierSyntax.isIdentifierScalar(s) && s.value < 0x80 ? Character(s) : "-"
        })
    }

    static func declarations(for db: SharedMIMEDatabase, systemTypes: [TypeDeclaration]) -> [TypeDeclaration] {
        var claimed: [String: String] = ["application/octet-stream": "public.data"]
        for d in systemTypes {
            for mime in d.mimeTypes where claimed[mime.lowercased()] == nil {
                claimed[mime.lowercased()] = d.identifier
            }
        }
        func systemOwner(_ mime: String) -> String? {
            claimed[mime] ?? claimed[db.canonicalMIMEType(mime)]
                ?? db.aliases(ofMIMEType: mime).lazy.compactMap { claimed[$0] }.first
        }
        let bridged = db.mimeTypes.filter { mime in
            guard let media = mime.split(separator: "/").first, mime.split(separator: "/").count == 2 else { return false }
            return !skippedMedia.contains(String(media)) && systemOwner(mime) == nil
        }
        let bridgedSet = Set(bridged)
        let acyclicParents = parentsWithoutCycles(bridged, db: db, within: bridgedSet)

        var aliasesByCanonical: [String: [String]] = [:]
        for mime in bridged { aliasesByCanonical[mime] = db.aliases(ofMIMEType: mime) }

        return bridged.map { mime in
            var parents: [String] = acyclicParents[mime, default: []].compactMap { parent in
                if bridgedSet.contains(parent) { return identifier(forMIMEType: parent) }
                return systemOwner(parent)
            }
            let media = mime.split(separator: "/")[0]
            if parents.isEmpty { parents = [media == "text" ? "public.plain-text" : "public.data"] }
            let functional: String? = switch media {
            case "image": "public.image"
            case "audio": "public.audio"
            case "video": "public.movie"
            case "font": "public.font"
            default: nil
            }
            if let functional, !parents.contains(functional) { parents.append(functional) }
            var unique: [String] = []
            for p in parents where !unique.contains(p) { unique.append(p) }
            return TypeDeclaration(identifier(forMIMEType: mime), conformsTo: unique,
                                   extensions: db.extensions(forMIMEType: mime),
                                   mimeTypes: [mime] + aliasesByCanonical[mime, default: []],
                                   origin: .sharedMIMEInfo)
        }
    }

    /// Sub-class-of edges with any edge that would close a cycle among bridged types dropped.
    private static func parentsWithoutCycles(_ mimes: [String], db: SharedMIMEDatabase,
                                             within set: Set<String>) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var state: [String: Int] = [:]  // 1 = on stack, 2 = done
        func visit(_ m: String) {
            state[m] = 1
            var kept: [String] = []
            for p in db.parents(ofMIMEType: m) {
                if set.contains(p) {
                    if state[p] == 1 { continue }
                    if state[p] == nil { visit(p) }
                }
                kept.append(p)
            }
            result[m] = kept
            state[m] = 2
        }
        for m in mimes where state[m] == nil { visit(m) }
        return result
    }
}
