import Foundation
import PackagePlugin

/// Xcode's "Require Only App-Extension-Safe API" (`APPLICATION_EXTENSION_API_ONLY`) for a
/// SwiftPM target: apply it to an extension's executable target, or to a framework's
/// library target that extensions link.
///
/// It adds one generated file to the target:
/// - every public type of the modules an extension may not use (the host, the registry,
///   the photo library, the share sheets, web pages, the command line) shadowed by an
///   unavailable declaration, so that using one fails to compile with a message saying why,
///   as Apple's `NS_EXTENSION_UNAVAILABLE` does;
/// - the exported symbol `appex_application_extension_safe_<Module>`, the analogue of
///   Mach-O's `MH_APP_EXTENSION_SAFE` flag: `appex lint` and `appex install` warn, in
///   Xcode's words, about an extension linking a framework without it (docs/BUNDLES.md).
@main
struct ApplicationExtensionAPIOnly: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appendingPathComponent("Generated", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("ApplicationExtensionAPIOnly.swift")
        // The module's name (`uppercase_action` for the target `uppercase-action`) names the symbol.
        let module = (target as? SourceModuleTarget)?.moduleName ?? target.name
        let text = UnavailableAPI.source(module: String(module.map { $0.isLetter || $0.isNumber ? $0 : "_" }))
        // Rewritten only when it changes, so that a build without changes compiles nothing.
        if (try? String(contentsOf: file, encoding: .utf8)) != text {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return [.prebuildCommand(displayName: "Require only app-extension-safe API in \(target.name)",
                                 executable: URL(fileURLWithPath: "/usr/bin/true"), arguments: [],
                                 outputFilesDirectory: folder)]
    }
}
