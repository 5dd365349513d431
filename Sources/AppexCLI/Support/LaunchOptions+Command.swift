import AppexSystem
import ExtensionHost
import ExtensionIPC
import Foundation

extension LaunchOptions {
    /// The options a command runs extensions with: AppexSystem's standard setup
    /// (``standard(sandbox:home:transfers:environment:)``), its error the command's.
    static func command(sandbox: SandboxKind?, home: AppexHome, transfers: Bool = true,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> LaunchOptions {
        do {
            return try standard(sandbox: sandbox, home: home, transfers: transfers ? .cli(home: home) : nil, environment: environment)
        } catch {
            throw CommandFailure(error.message)
        }
    }
}
