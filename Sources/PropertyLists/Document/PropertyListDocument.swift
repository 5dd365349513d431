import Foundation

/// A property list read from a file: its root value, its format, and (for XML) its source
/// text for diagnostics.
public struct PropertyListDocument: Sendable {
    /// The root value.
    public var root: PropertyListNode
    /// The format the document was read from.
    public var format: PropertyListFormat
    /// The file's name, used in error messages (for example `Info.plist`).
    public var fileName: String
    /// The XML source as UTF-8 (a UTF-16 file transcoded), kept for ``sourceLine(_:)``.
    let source: SourceText?

    /// Creates a document from a value built in code (no source text).
    public init(root: PropertyListNode, format: PropertyListFormat = .xml, fileName: String) {
        self.root = root
        self.format = format
        self.fileName = fileName
        self.source = nil
    }

    init(root: PropertyListNode, format: PropertyListFormat, fileName: String, source: SourceText?) {
        self.root = root
        self.format = format
        self.fileName = fileName
        self.source = source
    }

    /// The 1-based source line `line` of an XML document, without its line break; `nil` for
    /// binary or built documents and past the last line.
    public func sourceLine(_ line: Int) -> String? {
        source?.line(line)
    }
}
