import Foundation
import TestRules
import Testing

/// libmagic stays out of extension executables: they link AppExtensions → TypeIdentifiers,
/// which reads no content; only what imports FileTypeSniffing (the `appex` CLI) links it.
///
/// Reads the built products next to the test bundle (this target depends on them, so
/// `swift test` builds them): `readelf -d` for the libraries each names itself (NEEDED),
/// and `ldd` for what the loader would map, libraries of libraries included.
@Suite("Linking libmagic")
struct ExtensionLinkageTests {
    struct Product: CustomTestStringConvertible, Sendable {
        var name: String
        var linksMagic: Bool
        var testDescription: String { "\(name) \(linksMagic ? "links" : "does not link") libmagic" }
    }

    static let products: [Product] = [
        Product(name: "appex-fixture-extension", linksMagic: false),
        Product(name: "save-to-notes", linksMagic: false),
        Product(name: "uppercase-action", linksMagic: false),
        // The control: the CLI sniffs content, so it links libmagic; this shows the check can see it.
        Product(name: "appex", linksMagic: true),
    ]

    /// The folder of the running test executable (`AppexPackageTests.xctest` on Linux), where
    /// SwiftPM puts the products too. ELF and `/proc` are Linux's: elsewhere nothing is found.
    static let buildFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    static let missing = products.map(\.name).filter { name in
        !FileManager.default.isExecutableFile(atPath: buildFolder.appendingPathComponent(name).path)
    }

    @Test("extension executables do not link libmagic; the CLI does",
          arguments: products)
    func libmagicIsLinkedOnlyWhereSniffingIs(_ product: Product) throws {
        try requireDependency(Self.missing.isEmpty, "not built in \(Self.buildFolder.path): \(Self.missing.joined(separator: ", ")): the test is skipped")
        let path = Self.buildFolder.appendingPathComponent(product.name).path
        let needed = try Self.run(["readelf", "-d", "-W", path]).split(separator: "\n")
            .filter { $0.contains("(NEEDED)") }
            .compactMap { line in line.firstRange(of: "[").map { String(line[$0.upperBound...].prefix { $0 != "]" }) } }
        try #require(needed.contains { $0.hasPrefix("libc.so") }, "readelf found no NEEDED entries in \(path): \(needed)")
        #expect(needed.contains { $0.hasPrefix("libmagic.so") } == product.linksMagic, "NEEDED: \(needed)")

        let mapped = try Self.run(["ldd", path])
        #expect(mapped.contains("libmagic.so") == product.linksMagic, "ldd: \(mapped)")
    }

    /// Runs a tool found on PATH and returns its standard output; fails unless it exits 0.
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}
