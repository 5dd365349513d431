import PropertyLists
import TypeIdentifiers

/// Reads an Info.plist's property-list tree into ``BundleInfo``, reporting every problem
/// as a ``LintDiagnostic`` with its key path and position instead of failing.
///
/// Where a key appears twice in one dictionary the value CoreFoundation keeps counts — the
/// last in an XML list, the first in a binary one (its binary reader keeps the first;
/// docs/FIDELITY.md) — and a `plist.duplicate-key` warning names both places.
struct ManifestReader {
    let file: String
    let variables: BuildVariables
    /// The list's format, which decides which of a repeated key's values counts.
    let format: PropertyListFormat
    var diagnostics: [LintDiagnostic] = []
    var info = BundleInfo()

    init(file: String, variables: BuildVariables, format: PropertyListFormat = .xml) {
        self.file = file
        self.variables = variables
        self.format = format
    }

    /// Reads a whole Info.plist, or a bare `NSExtension` dictionary.
    mutating func read(_ root: PropertyListNode) -> BundleInfo {
        guard let dict = root.dictionary else {
            report(.plistWrongRoot, nil, "the root of the property list is \(root.kindDescription), expected a dictionary",
                   at: root, path: nil)
            return info
        }
        let isBareExtension = dict["NSExtension"] == nil
            && (dict["NSExtensionPointIdentifier"] != nil || dict["NSExtensionAttributes"] != nil)
        if isBareExtension {
            info.extensionDeclaration = readExtension(dict, path: "")
            return info
        }
        checkDuplicates(dict, path: "")
        info.identifier = string(dict, "CFBundleIdentifier", path: "")
        info.executable = string(dict, "CFBundleExecutable", path: "")
        info.version = string(dict, "CFBundleVersion", path: "")
        info.shortVersion = string(dict, "CFBundleShortVersionString", path: "")
        info.displayName = string(dict, "CFBundleDisplayName", path: "") ?? string(dict, "CFBundleName", path: "")
        info.urlSchemes = readURLSchemes(dict)
        info.typeDeclarations = readTypeDeclarations(dict)
        info.iconFiles = readIconFiles(dict)
        if let ext = counted(dict, "NSExtension") {
            record(ext, "NSExtension")
            if let extDict = ext.dictionary {
                info.extensionDeclaration = readExtension(extDict, path: "NSExtension")
            } else {
                report(.bundleWrongType, nil, "NSExtension is \(ext.kindDescription), expected a dictionary", at: ext, path: "NSExtension")
            }
        }
        return info
    }

    // MARK: - Helpers

    /// The value of a key that counts: of a repeated key, the last in an XML list, the first
    /// in a binary one, as CoreFoundation reads them.
    func counted(_ dict: PropertyListDictionary, _ key: String) -> PropertyListNode? {
        format == .binary ? dict.entries.first(where: { $0.key == key })?.node : dict.entries.last(where: { $0.key == key })?.node
    }

    mutating func checkDuplicates(_ dict: PropertyListDictionary, path: String) {
        let counts = format == .binary ? "the first one counts (CoreFoundation's binary reader keeps the first)" : "the last one counts"
        for dup in dict.duplicateKeys {
            let first = dict.entries.first { $0.key == dup.key }?.keyPosition
            let firstAt = first.map { " (first at \($0.line):\($0.column))" } ?? ""
            report(.plistDuplicateKey, nil, "key '\(dup.key)' appears more than once in this dictionary\(firstAt); \(counts)",
                   position: dup.keyPosition, path: Self.join(path, dup.key))
        }
    }

    /// A string value, with build variables expanded; reports a wrong type.
    mutating func string(_ dict: PropertyListDictionary, _ key: String, path: String,
                         code: LintCode = .bundleWrongType) -> String? {
        guard let node = counted(dict, key) else { return nil }
        let keyPath = Self.join(path, key)
        record(node, keyPath)
        guard let raw = node.string else {
            report(code, nil, "\(key) is \(node.kindDescription), expected a string", at: node, path: keyPath)
            return nil
        }
        return expand(raw, node: node, path: keyPath)
    }

    mutating func expand(_ raw: String, node: PropertyListNode, path: String) -> String {
        let expansion = variables.expand(raw)
        for reference in expansion.unresolved where !info.unresolvedVariables.contains(reference) {
            info.unresolvedVariables.append(reference)
            report(.bundleUnexpandedVariable, nil,
                   "\(reference) is an Xcode build variable; kept as written (give --define \(Self.variableName(reference))=VALUE to expand it)",
                   at: node, path: path)
        }
        return expansion.value
    }

    static func variableName(_ reference: String) -> String {
        let inner = reference.dropFirst(2).dropLast()
        return String(inner.split(separator: ":").first ?? inner[...])
    }

    mutating func record(_ node: PropertyListNode, _ keyPath: String) {
        info.locations[keyPath] = ManifestLocation(keyPath: keyPath, line: node.position?.line, column: node.position?.column)
    }

    mutating func report(_ code: LintCode, _ severity: LintDiagnostic.Severity?, _ message: String,
                         at node: PropertyListNode? = nil, position: SourcePosition? = nil, path: String?) {
        let p = position ?? node?.position
        diagnostics.append(LintDiagnostic(code, severity, message, file: file,
                                          keyPath: path.flatMap { $0.isEmpty ? nil : $0 }, line: p?.line, column: p?.column))
    }

    /// `path.key`, with line breaks and tabs in the key escaped (`\n`, `\t`) so the path stays on one line.
    static func join(_ path: String, _ key: String) -> String {
        let shown = key.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r" })
            ? key.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\r", with: "\\r")
            : key
        return path.isEmpty ? shown : path + "." + shown
    }
}
