import Testing
@testable import TypeIdentifiers

@Suite("Dynamic types")
struct DynamicTypeTests {
    @Test("Apple's documented encoding of the sql extension")
    func appleExample() {
        let dyn = DynamicTypeIdentifier(tagClass: .filenameExtension, tag: "sql", conformsTo: ["public.data"])
        #expect(dyn.identifier == "dyn.ah62d4rv4ge81g6pq")
        #expect(DynamicTypeIdentifier(identifier: "dyn.ah62d4rv4ge81g6pq") == dyn)
    }

    struct Tag: CustomTestStringConvertible, Sendable {
        let name: String
        let tagClass: UTTagClass
        let tag: String
        let parent: String
        var testDescription: String { name }
    }

    static let tags: [Tag] = [
        Tag(name: "plain extension", tagClass: .filenameExtension, tag: "qqzzx", parent: "public.data"),
        Tag(name: "MIME type", tagClass: .mimeType, tag: "application/x-appex-test", parent: "public.data"),
        Tag(name: "image supertype", tagClass: .filenameExtension, tag: "appexraw", parent: "public.image"),
        Tag(name: "uncoded supertype", tagClass: .filenameExtension, tag: "appexmov", parent: "public.movie"),
        Tag(name: "reserved characters", tagClass: .filenameExtension, tag: "a:b=c%d", parent: "public.data"),
        Tag(name: "non-ASCII", tagClass: .filenameExtension, tag: "файл", parent: "public.data"),
        Tag(name: "single character", tagClass: .filenameExtension, tag: "q", parent: "public.data"),
    ]

    @Test("tags round-trip through dyn. identifiers", arguments: tags)
    func roundTrip(_ c: Tag) throws {
        let supertype = try #require(UTType(c.parent))
        let type = try #require(UTType(tag: c.tag, tagClass: c.tagClass, conformingTo: supertype))
        #expect(type.isDynamic)
        #expect(!type.isDeclared)
        #expect(type.identifier.hasPrefix("dyn.a"))
        #expect(type.tags[c.tagClass] == [c.tag])
        #expect(type.conforms(to: supertype))
        #expect(type.conforms(to: type))
        // The identifier alone brings the tag and the conformance back.
        let again = try #require(UTType(type.identifier))
        #expect(again == type)
        #expect(again.isDynamic)
        #expect(again.tags[c.tagClass] == [c.tag])
        #expect(again.conforms(to: supertype))
        // Stable: the same tag gives the same identifier.
        #expect(UTType(tag: c.tag, tagClass: c.tagClass, conformingTo: supertype)?.identifier == type.identifier)
    }

    @Test("the default supertype of the filename initializer is public.data")
    func defaultSupertype() throws {
        let type = try #require(UTType(filenameExtension: "appexunknown"))
        #expect(type.isDynamic)
        #expect(type.conforms(to: .data))
        #expect(type.conforms(to: .item))
        #expect(!type.conforms(to: .image))
        #expect(type.preferredFilenameExtension == "appexunknown")
    }

    @Test("a leading dot on an extension is ignored")
    func leadingDot() {
        #expect(UTType(filenameExtension: ".appexunknown") == UTType(filenameExtension: "appexunknown"))
    }

    @Test("garbage after dyn. is an undeclared identifier, not a crash",
          arguments: ["dyn.a", "dyn.aaaa", "dyn.a11111111", "dyn.zz", "DYN.AH62D4RV4GE81G6PQ"])
    func garbage(_ identifier: String) throws {
        let type = try #require(UTType(identifier))
        #expect(type.conforms(to: type))
        #expect(!type.isDeclared)
    }

    @Test("registry string conformance decodes dyn. identifiers")
    func registryStringConformance() throws {
        let type = try #require(UTType(filenameExtension: "appexpic", conformingTo: .image))
        #expect(TypeRegistry.shared.conforms(type.identifier, to: "public.image"))
        #expect(TypeRegistry.shared.conforms(type.identifier, to: "PUBLIC.DATA"))
        #expect(!TypeRegistry.shared.conforms(type.identifier, to: "public.text"))
    }
}
