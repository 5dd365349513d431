import Foundation

/// Types declared by installed bundles: `UTExportedTypeDeclarations` and
/// `UTImportedTypeDeclarations` in an Info.plist.
extension TypeRegistry {
    /// Reads the type declarations of an Info.plist (XML or binary).
    ///
    /// Errors name the offending key path, such as
    /// `UTExportedTypeDeclarations[1].UTTypeConformsTo`. Each declaration needs
    /// `UTTypeIdentifier`; `UTTypeConformsTo` and the `UTTypeTagSpecification` values may be a
    /// string or an array of strings, as Apple accepts.
    public static func declarations(infoPlist data: Data, bundleIdentifier: String? = nil,
                                    file: String = "Info.plist") throws(TypeIdentifierError) -> [TypeDeclaration] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw TypeIdentifierError(.unreadablePropertyList, "\(file): not a property list (\(error.localizedDescription))")
        }
        guard let dict = root as? [String: Any] else {
            throw TypeIdentifierError(.unreadablePropertyList, "\(file): the top level is \(kind(of: root)), expected a dictionary")
        }
        let bundle = bundleIdentifier ?? (dict["CFBundleIdentifier"] as? String) ?? "unknown"
        var result: [TypeDeclaration] = []
        for (key, origin) in [("UTExportedTypeDeclarations", TypeDeclaration.Origin.exported(bundleIdentifier: bundle)),
                              ("UTImportedTypeDeclarations", .imported(bundleIdentifier: bundle))] {
            guard let value = dict[key] else { continue }
            guard let array = value as? [Any] else {
                throw TypeIdentifierError(.invalidDeclaration, "\(file): \(key) is \(kind(of: value)), expected an array of dictionaries")
            }
            for (i, entry) in array.enumerated() {
                let path = "\(file): \(key)[\(i)]"
                guard let decl = entry as? [String: Any] else {
                    throw TypeIdentifierError(.invalidDeclaration, "\(path) is \(kind(of: entry)), expected a dictionary")
                }
                guard let identifier = decl["UTTypeIdentifier"] as? String else {
                    throw TypeIdentifierError(.invalidDeclaration, "\(path).UTTypeIdentifier is \(decl["UTTypeIdentifier"].map(kind(of:)) ?? "missing"), expected a string")
                }
                do throws(TypeIdentifierError) {
                    try TypeIdentifierSyntax.validate(identifier: identifier)
                } catch {
                    throw TypeIdentifierError(.invalidDeclaration, "\(path).UTTypeIdentifier: \(error.message)")
                }
                let parents = try strings(decl["UTTypeConformsTo"], at: "\(path).UTTypeConformsTo")
                let tags = decl["UTTypeTagSpecification"]
                if let tags, !(tags is [String: Any]) {
                    throw TypeIdentifierError(.invalidDeclaration, "\(path).UTTypeTagSpecification is \(kind(of: tags)), expected a dictionary")
                }
                let tagDict = tags as? [String: Any] ?? [:]
                let exts = try strings(tagDict["public.filename-extension"], at: "\(path).UTTypeTagSpecification.public.filename-extension")
                let mimes = try strings(tagDict["public.mime-type"], at: "\(path).UTTypeTagSpecification.public.mime-type")
                result.append(TypeDeclaration(identifier, conformsTo: parents,
                                              extensions: exts.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 },
                                              mimeTypes: mimes, description: decl["UTTypeDescription"] as? String,
                                              origin: origin))
            }
        }
        return result
    }

    /// Registers the type declarations of a bundle's Info.plist; returns what was registered.
    @discardableResult
    public func registerTypes(fromInfoPlistAt url: URL, bundleIdentifier: String? = nil) throws(TypeIdentifierError) -> [TypeDeclaration] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TypeIdentifierError(.unreadableFile, "cannot read \(url.path): \(error.localizedDescription)")
        }
        let declarations = try Self.declarations(infoPlist: data, bundleIdentifier: bundleIdentifier, file: url.path)
        try register(declarations)
        return declarations
    }

    private static func strings(_ value: Any?, at path: String) throws(TypeIdentifierError) -> [String] {
        switch value {
        case nil: return []
        case let s as String: return [s]
        case let array as [Any]:
            var out: [String] = []
            for (i, item) in array.enumerated() {
                guard let s = item as? String else {
                    throw TypeIdentifierError(.invalidDeclaration, "\(path)[\(i)] is \(kind(of: item)), expected a string")
                }
                out.append(s)
            }
            return out
        case let other?:
            throw TypeIdentifierError(.invalidDeclaration, "\(path) is \(kind(of: other)), expected a string or an array of strings")
        }
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case is Bool: "a boolean"
        case is NSNumber, is Int, is Double: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        default: "a \(Swift.type(of: value))"
        }
    }
}
