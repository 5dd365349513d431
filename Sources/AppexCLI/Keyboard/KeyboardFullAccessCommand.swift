import ArgumentParser
import ExtensionRegistry
import SystemSupport

/// `appex keyboard allow-full-access` and `deny-full-access`: iOS's "Allow Full Access"
/// switch of Settings › Keyboards.
struct KeyboardFullAccessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "full-access",
        abstract: "Allow or take back a keyboard's full access: the network and writing to its app groups (exit 0, 2 on error).",
        discussion: """
            As iOS's "Allow Full Access": a keyboard that asks for it (RequestsOpenAccess) gets the network and \
            writes to its app groups from its next start, under appex keyboard try and IBus alike; without it, its \
            sandbox has no network and its app groups are read-only. Full access lets the keyboard send what you \
            type anywhere: allow it only to keyboards you trust.
            """)

    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case allow, deny
    }

    @Argument(help: ArgumentHelp("The keyboard's bundle identifier.", valueName: "identifier"))
    var identifier: String

    @Argument(help: ArgumentHelp("allow or deny.", valueName: "choice"))
    var choice: Choice

    @OptionGroup var homeOptions: HomeOptions

    func run() async throws {
        let home = homeOptions.appexHome
        let (registry, identifier, allow) = (try await Offload.perform { try RegistryCatalog.open(home) }, identifier, choice == .allow)
        do {
            let before = try await Offload.perform { () throws(RegistryError) in try registry.setFullAccess(allow, for: identifier) }
            let asks = try await Offload.perform { try registry.installedExtensions() }
                .first { $0.identifier == identifier }?.declaration?.requestsOpenAccess == true
            let now = allow ? "allowed" : "denied"
            Console.current.print("\(identifier): full access \(now)\(before == allow ? " (it already was)" : "")")
            if allow, !asks {
                Console.current.print("note: \(identifier) does not ask for full access (RequestsOpenAccess), so it still has none")
            }
        } catch let error as RegistryError {
            throw CommandFailure.report("\(error.code.rawValue): \(error.message)")
        }
    }
}
