import DeviceLayout
import ExtensionIPC
import Foundation

/// The command line of `appex-ibus-engine`, as `appex keyboard ibus` passes it on.
struct EngineArguments {
    var home = AppexHome.fromEnvironment()
    /// Started by ibus-daemon from the component file.
    var startedByIBus = false
    /// Register the component with the running ibus-daemon.
    var register = false
    /// Print the engines' XML and exit.
    var printXML = false
    var sandboxed = true
    var sandbox: SandboxKind?
    /// Show the keyboard's keys in the on-screen panel.
    var panel = true
    /// The Chromium that shows the panel (a path, or a name on PATH).
    var browser: String?
    /// How long a keyboard may take to answer a key.
    var keyDeadline: Duration = .milliseconds(100)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads `arguments` (without the program's name); an unknown one is an error naming it.
    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--ibus": startedByIBus = true
            case "--register": register = true
            case "--xml": printXML = true
            case "--no-sandbox": sandboxed = false
            case "--no-panel": panel = false
            case "--browser":
                guard let path = rest.popFirst() else { throw Failure(description: "--browser needs a path or a name on PATH") }
                browser = path
            case "--home":
                guard let path = rest.popFirst() else { throw Failure(description: "--home needs a folder") }
                home = AppexHome(root: URL(fileURLWithPath: path))
            case "--key-deadline":
                guard let text = rest.popFirst(), let milliseconds = Int(text), milliseconds > 0 else {
                    throw Failure(description: "--key-deadline needs a number of milliseconds from 1")
                }
                keyDeadline = .milliseconds(milliseconds)
            case "--sandbox":
                guard let name = rest.popFirst(), let kind = SandboxKind(rawValue: name) else {
                    throw Failure(description: "--sandbox needs bubblewrap or landlock")
                }
                sandbox = kind
            default:
                throw Failure(description: "unknown argument '\(argument)' (appex keyboard ibus --help lists them)")
            }
        }
    }
}
