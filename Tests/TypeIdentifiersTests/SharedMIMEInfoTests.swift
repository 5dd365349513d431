import Foundation
import TestRules
import Testing
@testable import TypeIdentifiers

@Suite("shared-mime-info bridge")
struct SharedMIMEInfoTests {
    /// A small database in the format of /usr/share/mime, written for the test.
    static func makeDatabase(in dir: URL) throws -> SharedMIMEDatabase {
        let mime = dir.appendingPathComponent("mime")
        try FileManager.default.createDirectory(at: mime.appendingPathComponent("application"), withIntermediateDirectories: true)
        let files = [
            "types": "application/x-appex-archive\napplication/x-appex-doc\ntext/x-appex-source\nimage/x-appex-pic\napplication/x-loop-a\napplication/x-loop-b\ninode/directory\nimage/png\n",
            "globs2": "# comment\n50:application/x-appex-archive:*.apxa\n60:application/x-appex-doc:*.apxd\n50:text/x-appex-source:*.apxs\n50:image/x-appex-pic:*.apxp\n50:image/png:*.png\n40:image/png:*.pngx\nmalformed line\n50:application/x-appex-doc:README*\n",
            "subclasses": "application/x-appex-doc application/x-appex-archive\napplication/x-loop-a application/x-loop-b\napplication/x-loop-b application/x-loop-a\n",
            "aliases": "application/x-appex-old-doc application/x-appex-doc\n",
            "application/x-appex-doc.xml": "<?xml version=\"1.0\"?><mime-type type=\"application/x-appex-doc\"><comment xml:lang=\"de\">Dokument</comment><comment>Appex document &amp; more</comment></mime-type>",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: mime.appendingPathComponent(name)) }
        return SharedMIMEDatabase(directories: [mime])
    }

    @Test("the database's files are read")
    func reading() throws {
        try withTemporaryDirectory { dir in
            let db = try Self.makeDatabase(in: dir)
            #expect(db.mimeTypes.contains("application/x-appex-doc"))
            #expect(db.mimeTypes(forExtension: "APXD") == ["application/x-appex-doc"])
            #expect(db.extensions(forMIMEType: "image/png") == ["png", "pngx"])
            #expect(db.parents(ofMIMEType: "application/x-appex-old-doc") == ["application/x-appex-archive"])
            #expect(db.canonicalMIMEType("Application/X-Appex-Old-Doc") == "application/x-appex-doc")
            #expect(db.comment(forMIMEType: "application/x-appex-doc") == "Appex document & more")
            #expect(db.comment(forMIMEType: "../../etc/passwd") == nil)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let tag: String
        let tagClass: UTTagClass
        let identifier: String
        let conformsTo: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "extension of an unclaimed type", tag: "apxa", tagClass: .filenameExtension,
             identifier: "org.freedesktop.mime.application.x-appex-archive", conformsTo: ["public.data", "public.item"]),
        Case(name: "sub-class-of is followed", tag: "application/x-appex-doc", tagClass: .mimeType,
             identifier: "org.freedesktop.mime.application.x-appex-doc",
             conformsTo: ["org.freedesktop.mime.application.x-appex-archive", "public.data"]),
        Case(name: "an alias finds its canonical type", tag: "application/x-appex-old-doc", tagClass: .mimeType,
             identifier: "org.freedesktop.mime.application.x-appex-doc", conformsTo: ["public.data"]),
        Case(name: "text/* is plain text", tag: "apxs", tagClass: .filenameExtension,
             identifier: "org.freedesktop.mime.text.x-appex-source", conformsTo: ["public.plain-text", "public.text"]),
        Case(name: "image/* is an image", tag: "image/x-appex-pic", tagClass: .mimeType,
             identifier: "org.freedesktop.mime.image.x-appex-pic", conformsTo: ["public.image", "public.data"]),
        Case(name: "a MIME type a system type claims stays the system type", tag: "image/png", tagClass: .mimeType,
             identifier: "public.png", conformsTo: ["public.image"]),
        Case(name: "a glob's extra extension maps to the system type", tag: "pngx", tagClass: .filenameExtension,
             identifier: "public.png", conformsTo: ["public.image"]),
        Case(name: "a sub-class-of cycle is broken, not fatal", tag: "application/x-loop-a", tagClass: .mimeType,
             identifier: "org.freedesktop.mime.application.x-loop-a", conformsTo: ["public.data"]),
    ]

    @Test("bridged types resolve and conform", arguments: cases)
    func bridged(_ c: Case) throws {
        try withTemporaryDirectory { dir in
            let registry = TypeRegistry(mimeDatabase: try Self.makeDatabase(in: dir))
            let type = try #require(registry.type(tag: c.tag, tagClass: c.tagClass, conformingTo: nil))
            #expect(type.identifier == c.identifier)
            #expect(type.isDeclared)
            #expect(!type.isDynamic)
            for parent in c.conformsTo {
                #expect(registry.conforms(type.identifier, to: parent), "\(type.identifier) should conform to \(parent)")
            }
        }
    }

    @Test("bridged types carry their extension and MIME type")
    func tags() throws {
        try withTemporaryDirectory { dir in
            let registry = TypeRegistry(mimeDatabase: try Self.makeDatabase(in: dir))
            let doc = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-appex-doc"))
            #expect(doc.preferredFilenameExtension == "apxd")
            #expect(doc.preferredMIMEType == "application/x-appex-doc")
            #expect(doc.tags[.mimeType] == ["application/x-appex-doc", "application/x-appex-old-doc"])
            #expect(doc.origin == .sharedMIMEInfo)
        }
    }

    @Test("the host's database: 7-Zip is known data with its extension")
    func system7z() throws {
        try requireDependency(SharedMIMEDatabase.system != nil, "shared-mime-info is not installed (Debian package shared-mime-info): the test is skipped")
        let byMIME = try #require(UTType(mimeType: "application/x-7z-compressed"))
        let byExtension = try #require(UTType(filenameExtension: "7z"))
        #expect(byMIME == byExtension)
        #expect(byMIME.isDeclared)
        #expect(!byMIME.isDynamic)
        #expect(byMIME.conforms(to: .data))
        #expect(byMIME.preferredFilenameExtension == "7z")
        #expect(byMIME.preferredMIMEType == "application/x-7z-compressed")
    }
}
