// appex-ibus-engine: the installed custom keyboards as IBus input methods. `appex keyboard
// ibus` becomes this program, so that appex itself links no IBus library
// (docs/KEYBOARDS.md, "IBus").
import DeviceLayout
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import ExtensionUI
import Foundation
import IBusKeyboards
import KeyboardPanel
import UnixSignals

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("appex-ibus-engine: \(message)\n".utf8))
    exit(2)
}

let arguments: EngineArguments
do {
    arguments = try EngineArguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)")
}
let registry: ExtensionRegistry
do {
    registry = try ExtensionRegistry(home: arguments.home)
} catch {
    fail("cannot open the registry in \(arguments.home.root.path): \(error.message)")
}
let keyboards: [InstalledExtension]
do {
    keyboards = try registry.installedExtensions().filter { $0.point == ExtensionPoint.keyboard }
} catch {
    fail("cannot read the registry in \(arguments.home.root.path): \(error)")
}
let lexicon: [KeyboardEnvironment.LexiconPair]
do {
    lexicon = try KeyboardLexiconFile.load(from: arguments.home)
} catch {
    fail("\(error)")
}
var options = LaunchOptions(sandboxed: arguments.sandboxed, sandboxKind: arguments.sandbox,
                            crashReports: CrashReportStore(directory: arguments.home.crashReportsDirectory))
options.keyboardKeyDeadline = arguments.keyDeadline
let appex = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("appex").path
let exec = "\(appex) keyboard ibus --ibus --home \(arguments.home.root.path)"
let service = KeyboardEngineService(host: ExtensionHost(catalog: registry, options: options), keyboards: keyboards, exec: exec, lexicon: lexicon)
if arguments.printXML {
    print(service.component.enginesXML())
    exit(0)
}
// ibus-daemon ends its engines with SIGTERM (`ibus restart`, the session's end): that ends
// the service as IBus disconnecting does, so the keyboards' processes and the panel's window
// end and its profile is removed. Only the service's tasks are cancelled: the panel's server
// shuts down gracefully after them.
let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)

/// Runs `work` (and the window of `panel`, at `url`) until it ends or a signal comes.
@Sendable func untilSignalled(panel: (KeyboardPanel, URL)?, _ work: @escaping @Sendable () async throws -> Void) async throws {
    // Each task says whether its end ends the engine: a closed window does not.
    try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask {
            try await work()
            return true
        }
        group.addTask {
            for await _ in signals { return true }
            return true
        }
        if let (panel, url) = panel {
            group.addTask {
                await PanelWindow.show(url, browser: arguments.browser, placements: panel.placements) {
                    FileHandle.standardError.write(Data("appex-ibus-engine: \($0)\n".utf8))
                }
                return false
            }
        }
        while let ends = try await group.next(), !ends {}
        group.cancelAll()
    }
}

do {
    if arguments.panel {
        try await KeyboardPanel.with { panel, url in
            try await untilSignalled(panel: (panel, url)) { try await service.serve(register: arguments.register, panel: panel) }
        }
    } else {
        try await untilSignalled(panel: nil) { try await service.serve(register: arguments.register) }
    }
} catch {
    fail("\(error)")
}
