import SystemSupport

/// Why a property list could not be read or written, and where.
///
/// Its ``description`` reads like a compiler diagnostic:
/// ```
/// Info.plist:23:13: error: expected </string> to close <string> opened at 23:5, found </dict> (at NSExtension.NSExtensionPointIdentifier)
/// 	<string>com.apple.share-services</dict>
/// 	                                ^
/// ```
public struct PropertyListError: AppexError, Hashable {
    /// What kind of error this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `malformed-xml`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file ends inside an element, a tag, a comment or a binary object.
        public static let truncated = Code(rawValue: "truncated")
        /// Not well-formed XML: a mismatched closing tag, a bad entity, stray text, bad UTF-8.
        public static let malformedXML = Code(rawValue: "malformed-xml")
        /// A well-formed element where it may not stand: an unknown element, a value where a
        /// `<key>` belongs, a `<key>` without a value, a second root value.
        public static let unexpectedElement = Code(rawValue: "unexpected-element")
        /// An `<integer>`, `<real>`, `<date>`, `<data>` or boolean whose content is invalid or
        /// out of range.
        public static let invalidValue = Code(rawValue: "invalid-value")
        /// A string or key longer than ``PropertyListLimits/maxStringLength``.
        public static let stringTooLong = Code(rawValue: "string-too-long")
        /// Data longer than ``PropertyListLimits/maxDataLength``.
        public static let dataTooLong = Code(rawValue: "data-too-long")
        /// Nesting deeper than ``PropertyListLimits/maxDepth``.
        public static let tooDeep = Code(rawValue: "too-deep")
        /// A file larger than ``PropertyListLimits/maxFileSize``.
        public static let tooLarge = Code(rawValue: "too-large")
        /// More objects than ``PropertyListLimits/maxObjectCount``.
        public static let tooManyObjects = Code(rawValue: "too-many-objects")
        /// A damaged binary property list: bad header, trailer, offset, length, marker, or a
        /// reference cycle.
        public static let invalidBinary = Code(rawValue: "invalid-binary")
        /// A format Appex does not read: OpenStep (old-style) or JSON text, other binary
        /// versions, an empty file, an XML encoding other than UTF-8 or UTF-16.
        public static let unsupportedFormat = Code(rawValue: "unsupported-format")
        /// A binary object with no place in the value model: a UID (keyed archives), a set,
        /// null or fill.
        public static let unsupportedObject = Code(rawValue: "unsupported-object")
        /// The file cannot be read (missing, a directory, not a regular file, no permission).
        public static let unreadableFile = Code(rawValue: "unreadable-file")
        /// A key repeated in one dictionary. Never thrown by the readers (duplicates are kept,
        /// see ``PropertyListDictionary/duplicateKeys``); for callers that report them.
        public static let duplicateKey = Code(rawValue: "duplicate-key")
    }

    /// What kind of error this is.
    public var code: Code
    /// What was expected and what was found, naming the offending value.
    public var message: String
    /// The file's name as given to the reader (for example `Info.plist`).
    public var fileName: String
    /// Where in an XML file the error is; `nil` for binary files and whole-file errors.
    public var position: SourcePosition?
    /// The key path of the value being read when the error happened; `nil` when the error
    /// concerns the file as a whole.
    public var keyPath: PropertyListKeyPath?
    /// The source line of ``position``, without its line break; a window around the column
    /// (marked with `...`) when the line is long.
    public var sourceLine: String?
    /// Where the caret goes in ``sourceLine``, in Unicode scalars from its start.
    var caretIndex: Int?

    /// Creates an error. `sourceLine`, when given, is the whole line of `position`.
    public init(code: Code, message: String, fileName: String, position: SourcePosition? = nil,
                keyPath: PropertyListKeyPath? = nil, sourceLine: String? = nil) {
        self.code = code
        self.message = message
        self.fileName = fileName
        self.position = position
        self.keyPath = keyPath
        if let sourceLine, let position {
            let excerpt = SourceExcerpt(line: sourceLine, column: position.column)
            self.sourceLine = excerpt.text
            self.caretIndex = excerpt.caretIndex
        } else {
            self.sourceLine = sourceLine
            self.caretIndex = nil
        }
    }
}
