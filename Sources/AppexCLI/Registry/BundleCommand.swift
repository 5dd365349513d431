import ArgumentParser
import ExtensionRegistry
import Foundation

/// `appex bundle`: makes an `.app` with `PlugIns/*.appex` from a source folder and built executables.
struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Make an .app bundle from Info.plist files and built executables (exit 0 built, 2 on error).",
        discussion: """
        The source folder is laid out like the bundle: Info.plist, optional Entitlements.plist and Resources/, \
        Frameworks/<Name>.framework/ folders with an Info.plist, and PlugIns/<Name>.appex/ folders with the same \
        three. Each bundle's CFBundleExecutable (a framework's shared library) is copied from the products folder \
        (such as .build/debug); what links a framework gets a RUNPATH into the app's Frameworks/ (with patchelf). \
        The bundle is assembled beside the output and renamed into place.
        """
    )

    @Argument(help: ArgumentHelp("The source folder.", valueName: "source"))
    var source: String

    @Option(help: ArgumentHelp("The folder of built executables, such as .build/debug.", valueName: "dir"))
    var products: String

    @Option(help: ArgumentHelp("The bundle to write.", valueName: "path.app"))
    var output: String

    @Flag(help: "Replace an existing output.")
    var force = false

    @Flag(help: "Print JSON: the bundle written, the app's executable, the extensions' and the frameworks' folders.")
    var json = false

    struct Report: Encodable {
        var bundle: String
        var executable: String
        var plugIns: [String]
        var frameworks: [String]
    }

    func run() throws {
        let builder = BundleBuilder(source: URL(fileURLWithPath: source), products: URL(fileURLWithPath: products))
        do {
            let summary = try builder.build(to: URL(fileURLWithPath: output), replacing: force)
            if json {
                Console.current.print(JSONOutput.render(Report(bundle: summary.bundleURL.path, executable: summary.executable,
                                                               plugIns: summary.plugIns, frameworks: summary.frameworks)))
                return
            }
            let count = summary.plugIns.count
            let list = count == 0 ? "" : ": " + summary.plugIns.joined(separator: ", ")
            let frameworks = summary.frameworks.isEmpty ? "" : "; frameworks: " + summary.frameworks.joined(separator: ", ")
            Console.current.print("built \(output) with \(count) extension\(count == 1 ? "" : "s")\(list)\(frameworks)")
        } catch {
            throw CommandFailure.report(error.message)
        }
    }
}
