import ExtensionManifest
import Foundation
import SystemSupport

/// An extension's JavaScript preprocessing file (`NSExtensionJavaScriptPreprocessingFile`),
/// read from its bundle, never from the page.
public struct PreprocessingScript: Sendable, Hashable {
    /// The extension's bundle identifier.
    public var extensionIdentifier: String
    /// Where the file is.
    public var fileURL: URL
    /// The file's text.
    public var source: String

    /// A script from its text, for `extensionIdentifier`.
    public init(extensionIdentifier: String, fileURL: URL, source: String) {
        self.extensionIdentifier = extensionIdentifier
        self.fileURL = fileURL
        self.source = source
    }

    /// The script of `bundle`, or `nil` when it declares none; throws when it declares one
    /// that is missing or unreadable (not UTF-8).
    public static func load(from bundle: ExtensionBundle) async throws(WebPageError) -> PreprocessingScript? {
        guard let name = bundle.declaration?.javaScriptPreprocessingFile else { return nil }
        let identifier = bundle.info.identifier ?? bundle.path
        guard let url = bundle.javaScriptPreprocessingFileURL else {
            throw WebPageError(.scriptUnreadable, "\(identifier): NSExtensionJavaScriptPreprocessingFile names '\(name)', but \(name).js is not in its bundle (\(bundle.path))")
        }
        let data = try await Offload.perform { () throws(WebPageError) -> Data in
            do {
                return try Data(contentsOf: url)
            } catch {
                throw WebPageError(.scriptUnreadable, "\(identifier): cannot read \(url.path): \(error.localizedDescription)")
            }
        }
        guard let source = String(data: data, encoding: .utf8) else {
            throw WebPageError(.scriptUnreadable, "\(identifier): \(url.path) is not UTF-8 text")
        }
        return PreprocessingScript(extensionIdentifier: identifier, fileURL: url, source: source)
    }

    /// The name errors in the file are reported under: `<identifier>/<file>.js`.
    var sourceName: String { "\(extensionIdentifier)/\(fileURL.lastPathComponent)" }
}
