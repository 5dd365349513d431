import BundleSeal
import Foundation

/// Makes a real `.app` from a source folder laid out like the bundle and a folder of built
/// executables (such as `.build/debug`).
///
/// The source folder holds `Info.plist`, optionally `Entitlements.plist`, `Resources/`, `*.lproj/`
/// folders and `*.storyboard` files (an extension's NSExtensionMainStoryboard),
/// `Frameworks/<Name>.framework/` folders with an Info.plist, and `PlugIns/<Name>.appex/`
/// folders with the same three. Each bundle's executable (a framework's shared library) is
/// copied from the products folder by its Info.plist's `CFBundleExecutable`, keeping its
/// permissions; an executable or library that needs a framework gets a RUNPATH that finds
/// it in the app's `Frameworks/` (docs/BUNDLES.md). The bundle is assembled in a temporary
/// folder beside the output and renamed into place, so the output is never half written.
public struct BundleBuilder: Sendable {
    /// The source folder.
    public var source: URL
    /// The folder of built executables.
    public var products: URL

    /// A builder for `source` with executables from `products`.
    public init(source: URL, products: URL) {
        self.source = source.standardizedFileURL
        self.products = products.standardizedFileURL
    }

    /// What was built.
    public struct Summary: Hashable, Sendable {
        /// The `.app` written.
        public var bundleURL: URL
        /// The app's executable name.
        public var executable: String
        /// The `PlugIns/` folder names, in order.
        public var plugIns: [String]
        /// The `Frameworks/` folder names, in order.
        public var frameworks: [String] = []
    }

    /// Builds the bundle at `output` (a path ending in `.app`).
    /// - Parameter replacing: replace an existing output; without it an existing output is an error.
    /// - Throws: ``BundleBuildError`` naming the offending file; nothing is written then.
    @discardableResult
    public func build(to output: URL, replacing: Bool = false) throws(BundleBuildError) -> Summary {
        let output = output.standardizedFileURL
        guard output.pathExtension == "app", output.lastPathComponent.count > 4 else {
            throw BundleBuildError(.invalidOutput, "\(output.path): the output must be a folder name ending in .app")
        }
        guard FileSystem.isDirectory(source) else {
            throw BundleBuildError(.notFound, "\(source.path): no such source folder")
        }
        guard FileSystem.isDirectory(products) else {
            throw BundleBuildError(.notFound, "\(products.path): no such products folder")
        }
        if !replacing && FileSystem.exists(output) {
            throw BundleBuildError(.outputExists, "\(output.path) exists; pass --force to replace it")
        }
        let parts = try plan()
        let parent = output.deletingLastPathComponent()
        let work = parent.appendingPathComponent(FileSystem.uniqueName(".\(output.lastPathComponent).building-"))
        do {
            try FileSystem.createDirectory(work)
            defer { FileSystem.removeQuietly(work) }
            let app = work.appendingPathComponent(output.lastPathComponent)
            for part in parts { try assemble(part, into: app) }
            // Each executable and library loads the frameworks it needs from the app's Frameworks/.
            try linkFrameworks(parts, in: app)
            // The bundle carries its seal, so that it can be checked before it is installed.
            do {
                // Without fingerprints (every copy has its own inodes and times): no settling wait.
                try BundleSeal.make(of: app, settlingWithin: .zero).embed(in: app)
            } catch {
                throw RegistryError(.fileSystem, "cannot seal \(output.path): \(error.message)")
            }
            try install(app, at: output, replacing: replacing, scratch: work)
        } catch {
            throw BundleBuildError(.fileSystem, "\(error)")
        }
        let names = { (folder: String) in
            parts.filter { $0.relativePath.hasPrefix(folder + "/") }.map { $0.relativePath.components(separatedBy: "/").last ?? "" }
        }
        return Summary(bundleURL: output, executable: parts[0].executable, plugIns: names("PlugIns"), frameworks: names("Frameworks"))
    }

    /// Moves the assembled bundle to `output`: a rename, after moving an old output aside.
    func install(_ app: URL, at output: URL, replacing: Bool, scratch: URL) throws(RegistryError) {
        guard FileSystem.exists(output) else {
            try FileSystem.rename(app, to: output)
            return
        }
        guard replacing else {
            throw RegistryError(.fileSystem, "\(output.path) appeared while building; pass --force to replace it")
        }
        let old = scratch.appendingPathComponent("previous")
        try FileSystem.rename(output, to: old)
        do {
            try FileSystem.rename(app, to: output)
        } catch {
            try? FileSystem.rename(old, to: output)
            throw error
        }
    }
}
