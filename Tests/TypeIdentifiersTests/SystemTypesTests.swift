import Testing
import TypeIdentifiers

/// One system declaration as a named test case.
struct SystemDeclarationCase: Sendable, CustomTestStringConvertible {
    let declaration: TypeDeclaration
    var testDescription: String { declaration.identifier }

    static let all = SystemTypes.all.map(SystemDeclarationCase.init)
}

/// The system hierarchy recomputed from the raw declarations, independently of the registry.
enum SystemTypesRawHierarchy {
    /// Lowercased identifier → lowercased parent identifiers (first declaration wins).
    static let parents: [String: [String]] = Dictionary(
        SystemTypes.all.map { ($0.identifier.lowercased(), $0.conformsTo.map { $0.lowercased() }) },
        uniquingKeysWith: { first, _ in first })

    /// Every identifier reachable from `identifier` through one or more parent edges.
    static func strictAncestors(of identifier: String) -> Set<String> {
        var seen: Set<String> = []
        var stack = parents[identifier.lowercased(), default: []]
        while let next = stack.popLast() {
            if seen.insert(next).inserted { stack += parents[next, default: []] }
        }
        return seen
    }
}

@Suite("System type table: graph")
struct SystemTypesGraphTests {
    @Test("every parent is itself declared", arguments: SystemDeclarationCase.all)
    func parentsAreDeclared(_ c: SystemDeclarationCase) {
        for parent in c.declaration.conformsTo {
            #expect(SystemTypesRawHierarchy.parents[parent.lowercased()] != nil, "\(parent) is not declared")
        }
    }

    @Test("no identifier is declared twice")
    func noDuplicates() {
        var counts: [String: Int] = [:]
        for d in SystemTypes.all { counts[d.identifier.lowercased(), default: 0] += 1 }
        #expect(counts.filter { $0.value > 1 }.keys.sorted() == [])
    }

    @Test("no type reaches itself through its parents", arguments: SystemDeclarationCase.all)
    func noCycles(_ c: SystemDeclarationCase) {
        #expect(!SystemTypesRawHierarchy.strictAncestors(of: c.declaration.identifier).contains(c.declaration.identifier.lowercased()))
    }

    @Test("identifiers and parents are valid, never dynamic", arguments: SystemDeclarationCase.all)
    func identifiersAreValid(_ c: SystemDeclarationCase) throws {
        try TypeIdentifierSyntax.validate(identifier: c.declaration.identifier)
        for parent in c.declaration.conformsTo { try TypeIdentifierSyntax.validate(identifier: parent) }
        #expect(!c.declaration.identifier.lowercased().hasPrefix("dyn."))
        #expect(!c.declaration.conformsTo.contains(c.declaration.identifier))
    }

    @Test("declarations are system declarations with a description", arguments: SystemDeclarationCase.all)
    func originAndDescription(_ c: SystemDeclarationCase) {
        #expect(c.declaration.origin == .system)
        #expect(!(c.declaration.description ?? "").isEmpty)
    }

    @Test("the parentless types are the two roots and Apple's abstract bases")
    func parentlessTypes() {
        let parentless = SystemTypes.all.filter(\.conformsTo.isEmpty).map(\.identifier)
        let expected: Set<String> = [
            "public.item", "public.content", "com.apple.resolvable", "public.archive", "public.disk-image",
            "public.database", "public.message", "public.contact", "public.to-do-item", "public.calendar-event",
            "public.font", "public.bookmark", "public.log", "public.playlist", "com.apple.live-photo",
            "public.stored-url",
        ]
        #expect(Set(parentless) == expected)
    }
}

@Suite("System type table: conformance")
struct SystemTypesConformanceTests {
    static let registry = TypeRegistry()

    func type(_ identifier: String) throws -> UTType {
        try #require(Self.registry.type(withIdentifier: identifier))
    }

    @Test("conformance is reflexive and transitive", arguments: SystemDeclarationCase.all)
    func reflexiveAndTransitive(_ c: SystemDeclarationCase) throws {
        let t = try type(c.declaration.identifier)
        #expect(t.isDeclared)
        #expect(t.conforms(to: t))
        for parent in c.declaration.conformsTo {
            let p = try type(parent)
            #expect(t.conforms(to: p), "\(t) should conform to its parent \(p)")
            for s in SystemTypesRawHierarchy.strictAncestors(of: parent) {
                #expect(t.conforms(to: try type(s)), "\(t) should conform to \(s) through \(p)")
            }
        }
    }

    @Test("supertypes are exactly the independently computed closure", arguments: SystemDeclarationCase.all)
    func supertypesMatchClosure(_ c: SystemDeclarationCase) throws {
        let t = try type(c.declaration.identifier)
        let expected = SystemTypesRawHierarchy.strictAncestors(of: c.declaration.identifier)
        #expect(Set(t.supertypes.map { $0.identifier.lowercased() }) == expected)
        #expect(t.directSupertypes.map(\.identifier) == c.declaration.conformsTo)
        // And nothing outside the closure: conformance to every other declared type is false.
        let extra = SystemTypes.all.filter { other in
            let key = other.identifier.lowercased()
            guard key != c.declaration.identifier.lowercased(), !expected.contains(key),
                  let u = Self.registry.type(withIdentifier: other.identifier) else { return false }
            return t.conforms(to: u)
        }.map(\.identifier)
        #expect(extra == [])
    }

    @Test("tagged types are files or directories", arguments: SystemDeclarationCase.all.filter {
        !$0.declaration.filenameExtensions.isEmpty || !$0.declaration.mimeTypes.isEmpty
    })
    func taggedTypesArePhysical(_ c: SystemDeclarationCase) {
        let ancestors = SystemTypesRawHierarchy.strictAncestors(of: c.declaration.identifier)
        #expect(ancestors.contains("public.data") || ancestors.contains("public.directory"))
    }
}

/// One tag of one system type.
struct SystemTagCase: Sendable, CustomTestStringConvertible {
    let identifier: String
    let tag: String
    let isExtension: Bool
    var testDescription: String { "\(isExtension ? "." : "")\(tag) of \(identifier)" }

    /// The tag as lookups see it: `.pkpass` for a file extension, and whether the owner is a
    /// file or a directory type (lookups filter by one or the other, so a file type and a
    /// package may share an extension: `com.apple.pkpass-data` and `com.apple.pkpass`).
    var lookupKey: String {
        let isDirectory = !SystemTypesRawHierarchy.strictAncestors(of: identifier).contains("public.data")
        return (isExtension ? "." : "") + tag + (isDirectory ? " (directory)" : "")
    }

    static let all: [SystemTagCase] = SystemTypes.all.flatMap { d in
        d.filenameExtensions.map { SystemTagCase(identifier: d.identifier, tag: $0, isExtension: true) }
            + d.mimeTypes.map { SystemTagCase(identifier: d.identifier, tag: $0, isExtension: false) }
    }

    /// Tags more than one system type claims (extensions with a leading dot), and the type
    /// that wins an unconstrained lookup: the one declared first, as on Apple platforms.
    static let sharedTagWinners: [String: String] = [
        ".mp4": "public.mpeg-4",
        ".mpg4": "public.mpeg-4",
    ]
}

@Suite("System type table: tags")
struct SystemTypesTagTests {
    @Test("tags are well formed", arguments: SystemTagCase.all)
    func wellFormed(_ c: SystemTagCase) throws {
        try TypeIdentifierSyntax.validate(tag: c.tag, kind: c.isExtension ? "filename extension" : "MIME type")
        #expect(c.tag == c.tag.lowercased())
        if c.isExtension {
            #expect(!c.tag.hasPrefix(".") && !c.tag.contains("/"))
        } else {
            #expect(c.tag.split(separator: "/").count == 2)
        }
    }

    @Test("every tag two files (or two directories) claim is a documented clash")
    func sharedTags() {
        var owners: [String: Set<String>] = [:]
        for c in SystemTagCase.all { owners[c.lookupKey, default: []].insert(c.identifier) }
        let shared = Set(owners.filter { $0.value.count > 1 }.keys)
        #expect(shared == Set(SystemTagCase.sharedTagWinners.keys))
    }

    @Test("every tag leads back to its type (or the documented winner)", arguments: SystemTagCase.all)
    func roundTrip(_ c: SystemTagCase) throws {
        let owner = try #require(UTType(c.identifier))
        // Lookups filter by a physical supertype: files by public.data, bundles by public.directory.
        let physical: UTType = owner.conforms(to: .data) ? .data : .directory
        let expected = SystemTagCase.sharedTagWinners[(c.isExtension ? "." : "") + c.tag] ?? c.identifier
        let found = c.isExtension
            ? UTType(filenameExtension: c.tag, conformingTo: physical)
            : UTType(mimeType: c.tag, conformingTo: physical)
        #expect(found?.identifier == expected)
        #expect(found?.isDynamic == false)
    }

    @Test("preferred tags are the first declared", arguments: SystemDeclarationCase.all)
    func preferredTags(_ c: SystemDeclarationCase) throws {
        let t = try #require(UTType(c.declaration.identifier))
        #expect(t.preferredFilenameExtension == c.declaration.filenameExtensions.first)
        #expect(t.preferredMIMEType == c.declaration.mimeTypes.first)
    }
}

/// One expected conformance answer.
struct SystemConformanceCase: Sendable, CustomTestStringConvertible {
    let type: String
    let supertype: String
    let expected: Bool
    var testDescription: String { "\(type) \(expected ? "conforms" : "does not conform") to \(supertype)" }

    init(_ type: String, _ supertype: String, _ expected: Bool) {
        (self.type, self.supertype, self.expected) = (type, supertype, expected)
    }

    /// The traps of apple-semantics §5 and a few neighbours.
    static let traps: [SystemConformanceCase] = [
        .init("com.compuserve.gif", "public.image", true),
        .init("com.compuserve.gif", "public.data", true),
        .init("public.heic", "public.heif-standard", true),
        .init("public.heic", "public.image", true),
        .init("public.heic", "public.content", true),
        .init("public.heif", "public.image", true),
        .init("public.file-url", "public.url", true),
        .init("public.file-url", "public.data", true),
        .init("public.file-url", "public.text", false),
        .init("public.url", "public.text", false),
        .init("public.url", "public.content", false),
        .init("public.zip-archive", "com.pkware.zip-archive", true),
        .init("public.zip-archive", "public.archive", true),
        .init("public.zip-archive", "public.data", true),
        .init("public.utf8-plain-text", "public.text", true),
        .init("public.utf8-plain-text", "public.content", true),
        .init("public.utf8-plain-text", "public.plain-text", true),
        .init("public.plain-text", "public.utf8-plain-text", false),
        .init("com.apple.application-bundle", "com.apple.package", true),
        .init("com.apple.application-bundle", "com.apple.bundle", true),
        .init("com.apple.application-bundle", "public.directory", true),
        .init("com.apple.application-bundle", "public.executable", true),
        .init("com.apple.application-bundle", "public.data", false),
        .init("com.apple.application-and-system-extension", "com.apple.bundle", true),
        .init("public.folder", "public.directory", true),
        .init("public.folder", "public.data", false),
        .init("public.volume", "public.folder", true),
        .init("public.image", "public.data", true),
        .init("public.image", "public.content", true),
        .init("public.image", "public.text", false),
        .init("public.text", "public.data", true),
        .init("public.text", "public.content", true),
        .init("public.json", "public.text", true),
        .init("public.json", "com.netscape.javascript-source", false),
        .init("com.apple.xml-property-list", "public.xml", true),
        .init("com.apple.xml-property-list", "com.apple.property-list", true),
        .init("com.apple.binary-property-list", "public.text", false),
        .init("public.mpeg-4-audio", "public.mpeg-4", true),
        .init("public.mpeg-4-audio", "public.audio", true),
        .init("public.mpeg-4-audio", "public.movie", true),
        .init("public.mp3", "public.movie", false),
        .init("public.video", "public.movie", true),
        .init("com.apple.quicktime-movie", "public.audiovisual-content", true),
        .init("public.vcard", "public.text", true),
        .init("public.vcard", "public.contact", true),
        .init("com.adobe.pdf", "public.composite-content", true),
        .init("com.adobe.pdf", "public.text", false),
        .init("com.apple.rtfd", "com.apple.package", true),
        .init("com.apple.rtfd", "public.data", false),
        .init("public.symlink", "com.apple.resolvable", true),
        .init("public.symlink", "public.data", false),
        .init("public.email-message", "public.message", true),
        .init("com.apple.alias-file", "com.apple.resolvable", true),
        .init("org.openxmlformats.wordprocessingml.document", "public.composite-content", true),
        .init("org.openxmlformats.wordprocessingml.document", "public.data", true),
        .init("org.openxmlformats.wordprocessingml.document", "public.archive", false),
        .init("org.oasis-open.opendocument.spreadsheet", "public.spreadsheet", true),
        .init("com.apple.m4a-audio", "public.mpeg-4-audio", true),
        .init("com.apple.m4v-video", "public.mpeg-4", true),
        .init("public.avchd-mpeg-2-transport-stream", "public.movie", true),
        .init("org.openxmlformats.spreadsheetml.sheet", "public.spreadsheet", true),
        .init("public.python-script", "public.script", true),
        .init("public.python-script", "public.plain-text", true),
        .init("com.netscape.javascript-source", "public.executable", true),
        .init("public.m3u-playlist", "public.playlist", true),
        .init("public.item", "public.data", false),
        .init("public.content", "public.item", false),
        // A Wallet pass is a package, so rules that take any data name it on its own.
        .init("com.apple.pkpass", "com.apple.package", true),
        .init("com.apple.pkpass", "public.directory", true),
        .init("com.apple.pkpass", "public.data", false),
        .init("com.apple.pkpass-data", "public.data", true),
        .init("com.apple.pkpass-data", "com.apple.pkpass", false),
    ]
}

@Suite("System type table: traps")
struct SystemTypesTrapTests {
    @Test("conformance traps", arguments: SystemConformanceCase.traps)
    func trap(_ c: SystemConformanceCase) throws {
        let t = try #require(UTType(c.type))
        let s = try #require(UTType(c.supertype))
        #expect(t.isDeclared && s.isDeclared)
        #expect(t.conforms(to: s) == c.expected)
    }

    @Test("a shared extension resolves to the type that conforms to the asked supertype")
    func sharedExtensionHonoursSupertype() {
        #expect(UTType(filenameExtension: "mp4") == .mpeg4Movie)
        #expect(UTType(filenameExtension: "mp4", conformingTo: .audio) == .mpeg4Audio)
        #expect(UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: nil).map(\.identifier)
                == ["public.mpeg-4", "public.mpeg-4-audio"])
    }

    @Test("a .pkpass file is the zipped pass, a .pkpass folder the pass package")
    func walletPassTags() {
        #expect(UTType(filenameExtension: "pkpass")?.identifier == "com.apple.pkpass-data")
        #expect(UTType(filenameExtension: "pkpass", conformingTo: .directory)?.identifier == "com.apple.pkpass")
        #expect(UTType(mimeType: "application/vnd.apple.pkpass", conformingTo: .directory)?.identifier == "com.apple.pkpass")
        #expect(UTType(mimeType: "application/vnd.apple.pkpasses")?.identifier == "com.apple.pkpasses-data")
    }

    @Test("there is no public.gif: GIF is com.compuserve.gif")
    func noPublicGIF() throws {
        let publicGIF = try #require(UTType("public.gif"))
        #expect(!publicGIF.isDeclared)
        #expect(!publicGIF.conforms(to: .image))
        #expect(UTType(filenameExtension: "gif") == .gif)
        #expect(UTType(mimeType: "image/gif")?.identifier == "com.compuserve.gif")
    }
}
