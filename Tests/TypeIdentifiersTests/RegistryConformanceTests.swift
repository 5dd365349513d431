import Testing
@testable import TypeIdentifiers

@Suite("String conformance in the registry")
struct RegistryConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let identifier: String
        let supertype: String
        let conforms: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "declared, transitive", identifier: "public.heic", supertype: "public.image", conforms: true),
        Case(name: "declared, capitals on the left", identifier: "PUBLIC.HEIC", supertype: "public.data", conforms: true),
        Case(name: "declared, capitals on the right", identifier: "public.jpeg", supertype: "Public.Image", conforms: true),
        Case(name: "declared, unrelated", identifier: "public.jpeg", supertype: "public.text", conforms: false),
        Case(name: "undeclared on the left", identifier: "com.example.thing", supertype: "public.data", conforms: false),
        Case(name: "undeclared, itself", identifier: "com.example.thing", supertype: "COM.EXAMPLE.THING", conforms: true),
        Case(name: "undeclared on the right", identifier: "public.jpeg", supertype: "com.example.thing", conforms: false),
        Case(name: "dynamic on the left", identifier: "dyn.ah62d4rv4ge81g6pq", supertype: "public.data", conforms: true),
        Case(name: "dynamic, capitals", identifier: "DYN.AH62D4RV4GE81G6PQ", supertype: "public.item", conforms: true),
        Case(name: "empty string", identifier: "", supertype: "public.data", conforms: false),
        Case(name: "garbage", identifier: "\u{0}\u{1}", supertype: "public.data", conforms: false),
    ]

    @Test("conforms(_:to:) with strings and with a resolved type agree", arguments: cases)
    func agree(_ c: Case) throws {
        let registry = TypeRegistry.shared
        #expect(registry.conforms(c.identifier, to: c.supertype) == c.conforms)
        if let supertype = registry.type(withIdentifier: c.supertype) {
            #expect(registry.conforms(c.identifier, to: supertype) == c.conforms)
        }
    }

    @Test("reads stay correct while another task registers declarations")
    func concurrentRegistration() async throws {
        let registry = TypeRegistry()
        let image = try #require(registry.type(withIdentifier: "public.image"))
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for i in 0..<50 {
                    try? registry.register([TypeDeclaration("com.example.t\(i)", conformsTo: ["public.image"],
                                                            origin: .exported(bundleIdentifier: "b\(i)"))])
                }
                return true
            }
            for _ in 0..<2 {
                group.addTask {
                    var ok = true
                    for _ in 0..<2_000 {
                        ok = ok && registry.conforms("public.heic", to: image) && !registry.conforms("public.text", to: image)
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
        #expect(registry.conforms("com.example.t49", to: image))
        #expect(registry.conforms("com.example.t0", to: "public.data"))
    }
}
