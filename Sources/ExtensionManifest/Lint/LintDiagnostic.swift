/// One finding of `appex lint`: a stable code, a severity, where it is, and what is wrong.
public struct LintDiagnostic: Hashable, Sendable, Codable {
    /// How serious a finding is.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        /// Informational: something Appex noticed and handled (an unexpanded variable).
        case note
        /// Probably a mistake, or rejected only for distribution.
        case warning
        /// The App Store rejects it, or the extension cannot work as written.
        case error

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        var rank: Int { switch self { case .note: 0; case .warning: 1; case .error: 2 } }
    }

    /// The finding's stable code, such as `activation.wrong-type`.
    public var code: LintCode
    /// How serious it is.
    public var severity: Severity
    /// What is wrong, naming the offending key and value.
    public var message: String
    /// The file it is in (as given on the command line).
    public var file: String
    /// The key path inside the property list, when there is one
    /// (`NSExtension.NSExtensionAttributes.NSExtensionActivationRule`).
    public var keyPath: String?
    /// The 1-based line, when the file is XML.
    public var line: Int?
    /// The 1-based column, when the file is XML.
    public var column: Int?

    /// Creates a finding.
    public init(_ code: LintCode, _ severity: Severity? = nil, _ message: String, file: String,
                keyPath: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.column = column
    }
}

extension LintDiagnostic: CustomStringConvertible {
    /// The finding as a compiler prints one: `Info.plist:12:5: error: message [code] (at key.path)`.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        var text = "\(place): \(severity.rawValue): \(message) [\(code)]"
        if let keyPath { text += " (at \(keyPath))" }
        return text
    }
}
