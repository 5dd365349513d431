import Foundation
import Testing

/// The suite's own rules, checked on its sources (docs/ARCHITECTURE.md, "Tests: the
/// rules"): no test skips in silence, and every test that depends on its machine is listed
/// here with what it needs, so that a new one must say so.
@Suite("The suite's rules")
struct SuiteRulesTests {
    /// What a group of calls needs.
    enum Needs {
        static let sandbox = "a sandbox per case: bubblewrap (Debian bubblewrap) or Landlock (the kernel's), as the case's mode names"
        static let worker = "appgroups-worker, built beside the tests"
    }

    /// Every call of a requirement in one file: how many, and what they need.
    struct Entry: Hashable, CustomTestStringConvertible {
        var file: String
        var call: String
        var count: Int
        var needs: String
        init(_ file: String, _ call: String, _ count: Int, _ needs: String) {
            (self.file, self.call, self.count, self.needs) = (file, call, count, needs)
        }
        var testDescription: String { "\(file): \(call)" }
    }

    /// Every test that depends on its machine. A new requirement fails
    /// ``everyConditionalTestIsListed()`` until its file's row says what it needs.
    static let inventory: [Entry] = [
        Entry("Tests/AppGroupsTests/ContainerTests.swift", "WorkerBinary.require(", 1, Needs.worker),
        Entry("Tests/AppGroupsTests/ObservationTests.swift", "WorkerBinary.require(", 2, Needs.worker),
        Entry("Tests/AppGroupsTests/SharedDefaultsTests.swift", "WorkerBinary.require(", 1, Needs.worker),
        Entry("Tests/AppGroupsTests/StressTests.swift", "WorkerBinary.require(", 1, Needs.worker),
        Entry("Tests/AppGroupsTests/Support/WorkerProcess.swift", "WorkerBinary.require(", 1, Needs.worker),
        Entry("Tests/AppGroupsTests/Support/WorkerProcess.swift", "requireDependency(", 1, "appgroups-worker, built beside the tests (WorkerBinary.require)"),
        Entry("Tests/AppexCLITests/Registry/FrameworkLintTests.swift", "requireTool(", 1, "patchelf (Debian patchelf)"),
        Entry("Tests/AppexCLITests/Setup/DesktopValidationTests.swift", "requireTool(", 1, "man (Debian man-db)"),
        Entry("Tests/AppexCLITests/Share/CrashesCommandTests.swift", "availableSandboxModes(", 1, Needs.sandbox),
        Entry("Tests/AppexCLITests/Share/DemoAndShareTests+Keyboard.swift", "requireTool(", 1, "script(1) (Debian bsdutils): a real terminal"),
        Entry("Tests/AppexCLITests/Share/DemoAndShareTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/AppexCLITests/Share/DemoAndShareTests.swift", "toolAvailable(", 1, "script(1) (Debian bsdutils), for the terminal part"),
        Entry("Tests/AppexCLITests/Share/HostKillTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/AppexCLITests/Share/SandboxChoiceTests.swift", "requireSandbox(", 2, Needs.sandbox),
        Entry("Tests/AppexCLITests/Share/TerminalWidgetButtonTests.swift", "requireTool(", 1, "script(1) (Debian bsdutils): a real terminal"),
        Entry("Tests/ExtensionHostTests/ComposeParityTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/ComposeSessionTests.swift", "requireSandbox(", 3, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/HarnessParityTests.swift", "requireSandbox(", 2, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/HostileExtensionTests+Disk.swift", "requireSandbox(", 2, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/HostileExtensionTests+Escapes.swift", "requireDependency(", 1, "root, to chown a setuid copy of id(1) to another user (CI runs as root)"),
        Entry("Tests/ExtensionHostTests/HostileExtensionTests+Escapes.swift", "requireSandbox(", 5, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/HostileExtensionTests+Frameworks.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/HostileExtensionTests+Limits.swift", "requireSandbox(", 5, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/HostileExtensionTests.swift", "requireSandbox(", 6, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/InterfaceParityTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/Keyboards/KeyboardAccessTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/Keyboards/KeyboardTypingTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/PhotoEditorParityTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/RoundTripTests.swift", "requireSandbox(", 7, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/SessionControlTests.swift", "requireSandbox(", 3, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/ViewControllerParityTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/ViewSessionTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/WidgetButtonTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/WidgetParityTests.swift", "requireSandbox(", 2, Needs.sandbox),
        Entry("Tests/ExtensionHostTests/WidgetTests.swift", "requireSandbox(", 5, Needs.sandbox),
        Entry("Tests/ExtensionIPCTests/Process/ChildProcessTests.swift", "requireSandbox(", 10, Needs.sandbox),
        Entry("Tests/ExtensionIPCTests/Process/LandlockReaperTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionIPCTests/Process/ResidentMemoryTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ExtensionIPCTests/Process/SandboxTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/FileTypeSniffingTests/ExtensionLinkageTests.swift", "requireDependency(", 1, "the extension executables, built beside the tests"),
        Entry("Tests/KeyboardIBusTests/AppexKeyboardEngineTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/KeyboardIBusTests/Support/IBusDaemon.swift", "requireDependency(", 1, "ibus-daemon (Debian ibus)"),
        Entry("Tests/PhotoLibraryTests/PhotoLibraryTests.swift", "requireSandbox(", 3, Needs.sandbox),
        Entry("Tests/PropertyListsTests/PlistlibDifferentialTests.swift", "requireDependency(", 1, "python3 (Debian python3), the plistlib peer"),
        Entry("Tests/ProviderMountsTests/MountedProvider.swift", "requireDependency(", 1, "FUSE: /dev/fuse and fusermount3 (Debian fuse3)"),
        Entry("Tests/ProviderMountsTests/ProviderMountTests.swift", "requireSandbox(", 2, Needs.sandbox),
        Entry("Tests/ShareSheetWebTests/KeyboardPanelPageTests.swift", "requireSandbox(", 2, Needs.sandbox),
        Entry("Tests/ShareSheetWebTests/TodayCommandWebTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/ShareSheetWebTests/TodayPageTests.swift", "requireSandbox(", 3, Needs.sandbox),
        Entry("Tests/TransferServiceTests/UploaderExampleTests.swift", "requireSandbox(", 1, Needs.sandbox),
        Entry("Tests/TypeIdentifiersTests/SharedMIMEInfoTests.swift", "requireDependency(", 1, "shared-mime-info (Debian shared-mime-info)"),
    ]

    let scanner = ConditionalTestScanner(root: ConditionalTestScanner.repository)

    @Test("every test that depends on its machine is listed, with what it needs")
    func everyConditionalTestIsListed() throws {
        let uses = try scanner.uses(of: ConditionalTestScanner.requirements)
        try #require(!uses.isEmpty, "no test sources found under \(scanner.root.path)/Tests")
        var counted: [String: Int] = [:]
        for use in uses { counted["\(use.file) \(use.call)", default: 0] += 1 }
        let listed = Dictionary(Self.inventory.map { ("\($0.file) \($0.call)", $0.count) }) { first, _ in first }
        for (key, count) in counted.sorted(by: { $0.key < $1.key }) where listed[key] != count {
            let lines = uses.filter { "\($0.file) \($0.call)" == key }.map(\.description).joined(separator: "\n")
            Issue.record("\(key): \(count) in the sources, \(listed[key] ?? 0) listed; say what it needs in SuiteRulesTests.inventory:\n\(lines)")
        }
        for (key, count) in listed.sorted(by: { $0.key < $1.key }) where counted[key] == nil {
            Issue.record("\(key): listed (\(count)) but gone from the sources; remove its row")
        }
        #expect(Self.inventory.allSatisfy { !$0.needs.isEmpty })
    }

    @Test("no test skips in silence: no .enabled(if:) or .disabled trait, no bare Test.cancel, CI read in one place")
    func nothingSkipsInSilence() throws {
        let uses = try scanner.uses(of: ConditionalTestScanner.forbidden)
        #expect(uses.isEmpty, "use requireDependency (Tests/TestRules) instead:\n\(uses.map(\.description).joined(separator: "\n"))")
    }

    @Test("the scanner sees code, not comments", arguments: [
        ("try requireSandbox(mode)", true),
        ("// try requireSandbox(mode)", false),
        ("let url = \"http://x\"; try requireSandbox(mode)", true),
        ("/// ``requireDependency(_:_:sourceLocation:)``", false),
    ])
    func scannerReadsCode(line: String, counts: Bool) {
        let code = ConditionalTestScanner.code(of: Substring(line))
        #expect(ConditionalTestScanner.requirements.contains { code.contains($0) } == counts, "\(line) → \(code)")
    }
}
