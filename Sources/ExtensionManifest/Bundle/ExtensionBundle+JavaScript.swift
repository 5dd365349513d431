import Foundation

extension ExtensionBundle {
    /// Where the bundle's JavaScript preprocessing file
    /// (`NSExtensionJavaScriptPreprocessingFile`, named without `.js`) is: the bundle's
    /// root, `Resources/` or `Contents/Resources/`, first found. `nil` when the extension
    /// declares none, the name holds an unexpanded build variable, or no such file exists.
    public var javaScriptPreprocessingFileURL: URL? {
        guard let name = declaration?.javaScriptPreprocessingFile, let bundle = bundleURL,
              !name.contains("$("), !name.contains("${") else { return nil }
        return Self.javaScriptCandidates(name, in: bundle).first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The file name Safari looks for (`name.js`) and the places it may be.
    static func javaScriptCandidates(_ name: String, in bundle: URL) -> [URL] {
        let file = name.hasSuffix(".js") ? name : name + ".js"
        return ["", "Resources/", "Contents/Resources/"].map { bundle.appendingPathComponent($0 + file) }
    }
}
