import Foundation
import PackagePlugin

/// The entry point an iOS extension has without writing one: apply it to an extension's
/// executable target that has no `main.swift` of its own, as an Xcode extension target has
/// none (the system's `NSExtensionMain` starts it).
///
/// It reads the extension's Info.plist — `Info.plist` in the target's folder, as Xcode keeps
/// it, or else the `PlugIns/<name>.appex/Info.plist` of the package whose
/// `CFBundleExecutable` is the target's name — and finds the principal class by name: the
/// `NSExtensionPrincipalClass`, or, for `NSExtensionMainStoryboard` (Xcode's template:
/// `MainInterface`), the initial view controller's `customClass` in that `.storyboard`'s XML.
/// It then generates one file whose `@main` makes that class and hands it to
/// `ExtensionMain.run(principalClass:)`, which runs it as its point expects (the compose
/// sheet, a widget, a photo editor, a request handler). A class named but not written is a
/// compile error naming it; a plist or storyboard that names none is an `#error` saying
/// which key is missing (docs/PORTING.md, "An extension without main").
@main
struct ExtensionEntryPoint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appendingPathComponent("Generated", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("AppexExtensionEntryPoint.swift")
        let targetFolder = target.directoryURL
        let text: String
        if FileManager.default.fileExists(atPath: targetFolder.appendingPathComponent("main.swift").path) {
            text = "// \(target.name) has a main.swift of its own: no entry point generated.\n"
        } else {
            let found = PrincipalClassSearch(targetFolder: targetFolder, packageFolder: context.package.directoryURL,
                                             executable: target.name).find()
            text = EntryPointSource.text(for: found)
        }
        if (try? String(contentsOf: file, encoding: .utf8)) != text {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return [.prebuildCommand(displayName: "Find the principal class of \(target.name)",
                                 executable: URL(fileURLWithPath: "/usr/bin/true"), arguments: [],
                                 outputFilesDirectory: folder)]
    }
}
