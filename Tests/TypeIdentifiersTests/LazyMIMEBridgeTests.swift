import Foundation
import Synchronization
import Testing
@testable import TypeIdentifiers

/// `TypeRegistry.shared` reads shared-mime-info only when a question needs it
/// (`TypeRegistry(loadingMIMEDatabase:)`): it must answer every question as a registry
/// that read the database at once does, and must not read it for the system's own types.
@Suite("shared-mime-info read when first needed")
struct LazyMIMEBridgeTests {
    /// A question, asked of a registry.
    struct Question: CustomTestStringConvertible, Sendable {
        let name: String
        /// Whether answering needs the database.
        let needsDatabase: Bool
        let ask: @Sendable (TypeRegistry) -> String
        var testDescription: String { name }
    }

    static let questions: [Question] = [
        Question(name: "a system type conforms to a system type", needsDatabase: false) { "\($0.conforms("public.png", to: "public.image"))" },
        Question(name: "a system type against a UTType", needsDatabase: false) { registry in
            "\(registry.conforms("public.url", to: registry.type(withIdentifier: "public.data")!))"
        },
        Question(name: "a system identifier resolves", needsDatabase: false) { $0.type(withIdentifier: "com.adobe.pdf")?.identifier ?? "nil" },
        Question(name: "a bridged identifier resolves, with its parents", needsDatabase: true) { registry in
            let type = registry.type(withIdentifier: "org.freedesktop.mime.application.x-appex-doc")
            return "\(type?.isDeclared ?? false) \(type?.supertypes.map(\.identifier).sorted() ?? [])"
        },
        Question(name: "a bridged identifier conforms to its bridged parent", needsDatabase: true) {
            "\($0.conforms("org.freedesktop.mime.application.x-appex-doc", to: "org.freedesktop.mime.application.x-appex-archive"))"
        },
        Question(name: "a system type conforms to a bridged one (it does not)", needsDatabase: true) {
            "\($0.conforms("public.png", to: "org.freedesktop.mime.application.x-appex-archive"))"
        },
        Question(name: "a bridged extension", needsDatabase: true) { $0.type(tag: "apxd", tagClass: .filenameExtension, conformingTo: nil)?.identifier ?? "nil" },
        Question(name: "a glob's extra extension of a system type", needsDatabase: true) {
            $0.type(tag: "pngx", tagClass: .filenameExtension, conformingTo: nil)?.identifier ?? "nil"
        },
        Question(name: "an alias", needsDatabase: true) { $0.type(tag: "application/x-appex-old-doc", tagClass: .mimeType, conformingTo: nil)?.identifier ?? "nil" },
        Question(name: "every declared type", needsDatabase: true) { "\($0.declaredTypes.count)" },
        Question(name: "an undeclared identifier", needsDatabase: true) { "\($0.conforms("com.example.nothing", to: "public.data"))" },
    ]

    @Test("a registry that reads shared-mime-info when needed answers as one that read it at once, and reads it only then",
          arguments: questions)
    func agrees(_ question: Question) throws {
        try withTemporaryDirectory { dir in
            let database = try SharedMIMEInfoTests.makeDatabase(in: dir)
            let reads = Mutex(0)
            let lazy = TypeRegistry(loadingMIMEDatabase: {
                reads.withLock { $0 += 1 }
                return database
            })
            let answer = question.ask(lazy)
            #expect(reads.withLock { $0 } == (question.needsDatabase ? 1 : 0))
            #expect(answer == question.ask(TypeRegistry(mimeDatabase: database)))
            _ = question.ask(lazy)
            #expect(reads.withLock { $0 } <= 1, "the database is read once at most")
        }
    }

    @Test("a bundle's types registered before the database was read keep their place after the bridged ones")
    func registeredFirst() throws {
        try withTemporaryDirectory { dir in
            let database = try SharedMIMEInfoTests.makeDatabase(in: dir)
            let declaration = TypeDeclaration("com.example.apxd-document", conformsTo: ["public.data"], extensions: ["apxd"],
                                              origin: .exported(bundleIdentifier: "com.example.apxd"))
            let lazy = TypeRegistry(loadingMIMEDatabase: { database })
            try lazy.register([declaration])
            let eager = TypeRegistry(mimeDatabase: database)
            try eager.register([declaration])
            #expect(lazy.declaredTypes.map(\.identifier) == eager.declaredTypes.map(\.identifier))
            #expect(lazy.type(tag: "apxd", tagClass: .filenameExtension, conformingTo: nil)?.identifier
                    == eager.type(tag: "apxd", tagClass: .filenameExtension, conformingTo: nil)?.identifier)
        }
    }
}
