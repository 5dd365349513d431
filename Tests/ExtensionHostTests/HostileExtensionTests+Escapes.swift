import AppExtensions
import AppGroups
import ExtensionHost
import Foundation
import Glibc
import HostTestSupport
import Testing

/// Extensions that try to reach past their sandbox: through the host's memory, sockets, a
/// setuid program, a symbolic link for the containing app to follow.
/// docs/RELIABILITY.md lists them with their results.
extension HostileExtensionTests {
    @Test("a sandboxed extension can neither ptrace the host nor read its memory: its PID namespace hides it; beneath, Landlock's ptrace scope refuses",
          arguments: hostReaches)
    func cannotTraceHost(reach: HostReach) async throws {
        try requireSandbox(reach.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let text = try await Self.answer(of: fixture, "ptrace-host", sandbox: reach.sandbox,
                                         environment: ["APPEX_FIXTURE_TARGET_PID": String(getpid())]) { options in
            if !reach.namespaces { options.taskCap = nil }
        }
        #expect(text == reach.trace)
    }

    /// A service the test listens on, for the extension to try.
    enum Service: String, Sendable, CaseIterable {
        /// An abstract UNIX socket, as X11's and D-Bus's are.
        case abstractSocket = "abstract UNIX socket"
        /// A TCP port on 127.0.0.1.
        case loopbackTCP = "loopback TCP"
    }

    struct ConnectCase: CustomTestStringConvertible, Sendable {
        let service: Service
        let sandbox: SandboxMode
        let expected: String
        var testDescription: String { "\(service.rawValue) → \(expected) (\(sandbox.testDescription))" }
    }

    /// An action extension has no network. Under Landlock its seccomp filter refuses both
    /// sockets; bubblewrap gives it a network namespace of its own, where neither service is.
    static let connectCases: [ConnectCase] = [
        ConnectCase(service: .abstractSocket, sandbox: .bubblewrap, expected: "connect: ECONNREFUSED"),
        ConnectCase(service: .loopbackTCP, sandbox: .bubblewrap, expected: "connect: ECONNREFUSED"),
        ConnectCase(service: .abstractSocket, sandbox: .landlock, expected: "socket: EACCES"),
        ConnectCase(service: .loopbackTCP, sandbox: .landlock, expected: "socket: EACCES"),
    ]

    @Test("an action extension reaches neither the session's abstract UNIX sockets nor a loopback service", arguments: connectCases)
    func cannotConnectOut(_ connect: ConnectCase) async throws {
        try requireSandbox(connect.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let (listener, target) = try Self.listen(connect.service)
        defer { close(listener) }
        // The service is there: this process reaches it.
        #expect(Self.reachable(target))
        let text = try await Self.answer(of: fixture, "connect", sandbox: connect.sandbox, environment: ["APPEX_FIXTURE_CONNECT": target])
        #expect(text == connect.expected)
    }

    /// A listening socket for `service`, and how the fixture names it.
    static func listen(_ service: Service) throws -> (Int32, String) {
        switch service {
        case .abstractSocket:
            let name = "appex-test-" + UUID().uuidString
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            var address = abstractAddress(name)
            let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.utf8.count)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
            try #require(bound == 0 && Glibc.listen(fd, 8) == 0, "cannot listen on @\(name): errno \(errno)")
            return (fd, "unix-abstract:" + name)
        case .loopbackTCP:
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            let size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
            try #require(bound == 0 && Glibc.listen(fd, 8) == 0, "cannot listen on 127.0.0.1: errno \(errno)")
            var actual = sockaddr_in()
            var length = size
            _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
            return (fd, "tcp:\(UInt16(bigEndian: actual.sin_port))")
        }
    }

    static func abstractAddress(_ name: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in name.utf8.prefix(path.count - 1).enumerated() { path[index + 1] = byte }
        }
        return address
    }

    /// Whether this process connects to `target` (the listener's backlog accepts at once).
    static func reachable(_ target: String) -> Bool {
        if target.hasPrefix("unix-abstract:") {
            let name = String(target.dropFirst("unix-abstract:".count))
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            defer { close(fd) }
            var address = abstractAddress(name)
            let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.utf8.count)
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) } } == 0
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = (UInt16(target.dropFirst(4)) ?? 0).bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) } } == 0
    }

    struct SetuidCase: CustomTestStringConvertible, Sendable {
        let sandbox: SandboxMode
        /// The effective user the program reports: the owner of the file without a sandbox,
        /// the user who ran it in one.
        let expected: String
        var testDescription: String { "\(sandbox.testDescription) → euid \(expected)" }
    }

    /// The owner of the setuid copy: `nobody`, a user other than the test's.
    static let setuidOwner: uid_t = 65534

    static let setuidCases: [SetuidCase] = hostSandboxModes.map { sandbox in
        SetuidCase(sandbox: sandbox, expected: sandbox.isSandboxed ? String(getuid()) : String(setuidOwner))
    }

    @Test("a setuid program the extension runs does not change its user: no new privileges in a sandbox (without one, it does)",
          arguments: setuidCases)
    func setuidProgram(_ setuid: SetuidCase) async throws {
        // CI runs as root.
        try requireDependency(getuid() == 0, "giving a copy of id(1) to another user (chown) needs root: the case is skipped")
        try requireSandbox(setuid.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        // In the bundle: the one place besides the system's folders both sandboxes let it run.
        let program = fixture.installed.bundleURL.appendingPathComponent("id-setuid")
        try FileManager.default.copyItem(atPath: "/usr/bin/id", toPath: program.path)
        try #require(chown(program.path, Self.setuidOwner, gid_t(Self.setuidOwner)) == 0 && chmod(program.path, 0o4755) == 0)
        let text = try await Self.answer(of: fixture, "run-program", sandbox: setuid.sandbox,
                                         environment: ["APPEX_FIXTURE_PROGRAM": program.path, "APPEX_FIXTURE_ARGUMENTS": "-u"])
        #expect(text == setuid.expected)
    }

    @Test("a process the extension starts cannot leave its session under Landlock (seccomp refuses setsid); under bubblewrap it may, inside the run's PID namespace",
          arguments: sandboxedModes)
    func cannotLeaveSession(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        // setsid(1) calls setsid(2) straight away in a process that leads no group (the
        // fixture's child does not), and runs echo only if that worked.
        let text = try await Self.answer(of: fixture, "run-program", sandbox: sandbox,
                                         environment: ["APPEX_FIXTURE_PROGRAM": "/usr/bin/setsid",
                                                       "APPEX_FIXTURE_ARGUMENTS": "/usr/bin/echo left"])
        #expect(text == (sandbox == .landlock ? "" : "left"))
    }

    /// A symbolic link an extension puts into its app group.
    enum Plant: String, Sendable, CaseIterable {
        /// The share inbox's `Files/` folder, pointing at a folder of the host's.
        case inboxFolder = "the inbox's Files folder"
        /// A share's attachment file, pointing at a file of the host's.
        case attachment = "an inbox attachment"
        /// `Library/Preferences`, pointing at a folder of the host's.
        case preferences = "Library/Preferences"
    }

    struct PlantCase: CustomTestStringConvertible, Sendable {
        let plant: Plant
        let sandbox: SandboxMode
        var testDescription: String { "\(plant.rawValue) (\(sandbox.testDescription))" }
    }

    static let plantCases: [PlantCase] = sandboxedModes.flatMap { sandbox in Plant.allCases.map { PlantCase(plant: $0, sandbox: sandbox) } }

    @Test("a symbolic link planted in the app group is not followed by the containing app: the inbox and shared defaults refuse it (symbolic-link), the host's files stay",
          arguments: plantCases)
    func plantedSymlink(_ planted: PlantCase) async throws {
        try requireSandbox(planted.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let group = try #require(fixture.installed.appGroupContainers[FixtureInstallation.groupIdentifier])
        let hostFolder = fixture.root.appendingPathComponent("host-files")
        try FileManager.default.createDirectory(at: hostFolder, withIntermediateDirectories: true)
        let secret = hostFolder.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: secret)
        // The containing app has its inbox open from before, with one share with a file.
        let inbox = try ShareInbox(containerURL: group)
        let photo = fixture.root.appendingPathComponent("photo.jpg")
        try Data("jpeg".utf8).write(to: photo)
        try inbox.append(InboxShare(text: "look", attachments: [.file(photo, typeIdentifier: "public.jpeg")]))
        let attachment = try #require(try FileManager.default.contentsOfDirectory(atPath: inbox.filesURL.path).first)
        let plants: [String: String] = switch planted.plant {
        case .inboxFolder: ["Library/Application Support/ShareInbox/Files": hostFolder.path]
        case .attachment: ["Library/Application Support/ShareInbox/Files/\(attachment)": secret.path]
        case .preferences: ["Library/Preferences": hostFolder.path]
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: plants), as: UTF8.self)
        #expect(try await Self.answer(of: fixture, "plant-symlinks", sandbox: planted.sandbox,
                                      environment: ["APPEX_FIXTURE_PLANT": json]) == "planted 1")

        // The containing app reads its group.
        var refusals: [AppGroupError] = []
        switch planted.plant {
        case .inboxFolder:
            // recover() removes the files of Files/ that no share names: through the link,
            // the host's.
            refusals.append(try #require(#expect(throws: AppGroupError.self) { try inbox.recover() }))
            refusals.append(try #require(#expect(throws: AppGroupError.self) { try ShareInbox(containerURL: group) }))
        case .attachment:
            refusals.append(try #require(#expect(throws: AppGroupError.self) { try inbox.receive { _ in } }))
            #expect(try inbox.pendingCount() == 1)
        case .preferences:
            refusals.append(try #require(#expect(throws: AppGroupError.self) {
                try SharedDefaults(containerURL: group, suiteName: FixtureInstallation.groupIdentifier)
            }))
        }
        for refusal in refusals {
            #expect(refusal.code == .symbolicLink, "\(refusal)")
            #expect(refusal.message.contains(hostFolder.path), "the message names where the link points: \(refusal.message)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: hostFolder.path) == ["keep.txt"])
        #expect(try String(contentsOf: secret, encoding: .utf8) == "mine")
    }
}
