import ExtensionHost
import ExtensionTesting
import ExtensionUI
import Foundation
import HostTestSupport
import Testing

/// Open access, as iOS grants it: a keyboard reaches the network and writes to its app
/// groups only when it asks (`RequestsOpenAccess`) and the person allowed it.
@Suite("Custom keyboards' open access")
struct KeyboardAccessTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var requests: Bool
        /// Allowed for these runs (`LaunchOptions.allowsKeyboardFullAccess`).
        var allowed: Bool
        /// Allowed for good (the registry's `InstalledExtension.allowsFullAccess`).
        var kept = false
        var testDescription: String { name }
        var granted: Bool { requests && (allowed || kept) }
    }

    static let cases: [Case] = [
        Case(name: "not asked for", requests: false, allowed: true, kept: true),
        Case(name: "asked for, not allowed", requests: true, allowed: false),
        Case(name: "asked for and allowed", requests: true, allowed: true),
        Case(name: "asked for and allowed for good", requests: true, allowed: false, kept: true),
    ]

    @Test("the network and app-group writes follow open access", arguments: sandboxedModes, cases)
    func access(sandbox: SandboxMode, access: Case) async throws {
        try requireSandbox(sandbox)
        let listener = try LoopbackListener()
        defer { listener.close() }
        let fixture = try KeyboardTypingTests.install(attributes: ["PrimaryLanguage": "en-US", "RequestsOpenAccess": access.requests])
        defer { fixture.remove() }
        var installed = fixture.installed
        installed.allowsFullAccess = access.kept
        let host = KeyboardTypingTests.host(fixture, sandbox: sandbox, fullAccess: access.allowed,
                                            environment: ["APPEX_FIXTURE_CONNECT": "127.0.0.1:\(listener.port)"])
        let client = TextInputRecorder()
        try await host.withKeyboard(installed, document: TextDocumentContext(), client: client) { typing in
            for key in ["%", "@", "#"] { #expect(await typing.press(.typing(key)), "key \(key)") }
        }
        let typed = client.calls.compactMap { if case .commit(let text) = $0 { text } else { nil } }
        try #require(typed.count == 3, "\(client.calls)")
        #expect(typed[0] == "full:\(access.granted)")
        if access.granted {
            #expect(typed[1] == "net:ok")
            #expect(typed[2] == "group:ok")
        } else {
            #expect(typed[1] != "net:ok", "the keyboard reached the network without open access")
            #expect(typed[2] != "group:ok", "the keyboard wrote to its app group without open access")
            #expect(!FileManager.default.fileExists(atPath: try #require(fixture.installed.appGroupContainers.values.first).appendingPathComponent("keyboard-wrote").path))
        }
    }
}

/// A TCP socket listening on 127.0.0.1 (connections wait in its backlog, never accepted).
struct LoopbackListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0 && listen(fd, 16) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        try #require(named == 0)
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
