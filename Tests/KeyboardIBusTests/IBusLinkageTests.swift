import Foundation
import HostTestSupport
import Testing

/// libibus and its GLib stay out of `appex`, whose every command would load them: `appex
/// keyboard ibus` execs `appex-ibus-engine`, the one program that links them (docs/BENCHMARKS.md: libraries loaded at start).
@Suite("Linking libibus")
struct IBusLinkageTests {
    struct Product: CustomTestStringConvertible, Sendable {
        var name: String
        var linksIBus: Bool
        var testDescription: String { "\(name) \(linksIBus ? "links" : "does not link") libibus" }
    }

    @Test(arguments: [
        Product(name: "appex", linksIBus: false),
        Product(name: "pinyin-keyboard", linksIBus: false),
        // The control: the engine links it, which shows the check can see it.
        Product(name: "appex-ibus-engine", linksIBus: true),
    ])
    func libibusIsLinkedOnlyByTheEngine(_ product: Product) throws {
        let path = try #require(FixtureInstallation.builtProduct(product.name), "\(product.name) is not built next to the tests").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let mapped = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0 && mapped.contains("libc.so"), "ldd \(path): \(mapped)")
        #expect(mapped.contains("libibus-1.0.so") == product.linksIBus, "ldd: \(mapped)")
    }
}
