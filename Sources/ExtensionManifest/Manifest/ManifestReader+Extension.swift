import PropertyLists

extension ManifestReader {
    /// Keys that belong in `NSExtensionAttributes`.
    static let attributeKeys: Set<String> = [
        "NSExtensionActivationRule", "NSExtensionJavaScriptPreprocessingFile",
        "NSExtensionActionWantsFullScreenPresentation", "NSExtensionServiceRoleType", "AppexWebInterfacePage",
        "PHSupportedMediaTypes", "PrimaryLanguage", "IsASCIICapable", "RequestsOpenAccess", "PrefersRightToLeft",
    ]

    /// Reads the `NSExtension` dictionary (or a bare one at the root).
    mutating func readExtension(_ dict: PropertyListDictionary, path: String) -> ExtensionDeclaration {
        checkDuplicates(dict, path: path)
        var ext = ExtensionDeclaration()
        ext.pointIdentifier = string(dict, "NSExtensionPointIdentifier", path: path, code: .extensionWrongType)
        ext.principalClass = string(dict, "NSExtensionPrincipalClass", path: path, code: .extensionWrongType)
        ext.mainStoryboard = string(dict, "NSExtensionMainStoryboard", path: path, code: .extensionWrongType)
        ext.fileProviderDocumentGroup = string(dict, "NSExtensionFileProviderDocumentGroup", path: path, code: .extensionWrongType)
        for entry in dict.entries {
            let keyPath = Self.join(path, entry.key)
            if Self.attributeKeys.contains(entry.key) {
                report(.extensionMisplacedKey, nil,
                       "\(entry.key) belongs inside NSExtensionAttributes; the system does not look for it here",
                       position: entry.keyPosition, path: keyPath)
            } else if DictionaryActivationRule.knownKeys.contains(entry.key) {
                report(.extensionMisplacedKey, nil,
                       "\(entry.key) belongs inside NSExtensionAttributes.NSExtensionActivationRule; here it is ignored",
                       position: entry.keyPosition, path: keyPath)
            }
        }
        let attributesPath = Self.join(path, "NSExtensionAttributes")
        guard let attrNode = counted(dict, "NSExtensionAttributes") else { return ext }
        record(attrNode, attributesPath)
        guard let attributes = attrNode.dictionary else {
            report(.extensionWrongType, nil, "NSExtensionAttributes is \(attrNode.kindDescription), expected a dictionary",
                   at: attrNode, path: attributesPath)
            return ext
        }
        checkDuplicates(attributes, path: attributesPath)
        ext.javaScriptPreprocessingFile = string(attributes, "NSExtensionJavaScriptPreprocessingFile", path: attributesPath,
                                                 code: .extensionWrongType)
        ext.serviceRoleType = string(attributes, "NSExtensionServiceRoleType", path: attributesPath, code: .extensionWrongType)
        ext.wantsFullScreenPresentation = boolean(attributes, "NSExtensionActionWantsFullScreenPresentation", path: attributesPath)
        ext.webInterfacePage = string(attributes, "AppexWebInterfacePage", path: attributesPath, code: .extensionWrongType)
        ext.supportedMediaTypes = strings(attributes, "PHSupportedMediaTypes", path: attributesPath)
        ext.primaryLanguage = string(attributes, "PrimaryLanguage", path: attributesPath, code: .extensionWrongType)
        ext.isASCIICapable = boolean(attributes, "IsASCIICapable", path: attributesPath)
        ext.requestsOpenAccess = boolean(attributes, "RequestsOpenAccess", path: attributesPath)
        ext.prefersRightToLeft = boolean(attributes, "PrefersRightToLeft", path: attributesPath)
        for entry in attributes.entries where !Self.attributeKeys.contains(entry.key) {
            if DictionaryActivationRule.knownKeys.contains(entry.key) {
                report(.extensionMisplacedKey, nil,
                       "\(entry.key) belongs inside NSExtensionActivationRule; here it is ignored",
                       position: entry.keyPosition, path: Self.join(attributesPath, entry.key))
            } else if !ext.otherAttributeKeys.contains(entry.key) {
                ext.otherAttributeKeys.append(entry.key)
            }
        }
        if let ruleNode = counted(attributes, "NSExtensionActivationRule") {
            ext.activationRule = readActivationRule(ruleNode, path: Self.join(attributesPath, "NSExtensionActivationRule"))
        }
        return ext
    }

    /// A Boolean attribute; a string "YES"/"NO" or a number is reported and read as Apple's
    /// `boolValue` would read it.
    mutating func boolean(_ dict: PropertyListDictionary, _ key: String, path: String) -> Bool? {
        guard let node = counted(dict, key) else { return nil }
        let keyPath = Self.join(path, key)
        record(node, keyPath)
        if let b = node.boolean { return b }
        report(.extensionWrongType, nil, "\(key) is \(node.kindDescription)\(Self.shown(node)), expected a boolean (<true/> or <false/>)",
               at: node, path: keyPath)
        if let s = node.string { return ["yes", "true", "1"].contains(s.lowercased()) }
        if let i = node.integer { return i != 0 }
        if case .unsignedInteger = node.value { return true }
        return nil
    }

    /// An array of strings; another type, or an element that is not a string, is reported
    /// (the strings among the elements are kept).
    mutating func strings(_ dict: PropertyListDictionary, _ key: String, path: String) -> [String]? {
        guard let node = counted(dict, key) else { return nil }
        let keyPath = Self.join(path, key)
        record(node, keyPath)
        guard case .array(let elements) = node.value else {
            report(.extensionWrongType, nil, "\(key) is \(node.kindDescription)\(Self.shown(node)), expected an array of strings",
                   at: node, path: keyPath)
            return node.string.map { [$0] }
        }
        var found: [String] = []
        for (index, element) in elements.enumerated() {
            guard let value = element.string else {
                report(.extensionWrongType, nil, "\(key)[\(index)] is \(element.kindDescription)\(Self.shown(element)), expected a string",
                       at: element, path: keyPath + "[\(index)]")
                continue
            }
            found.append(value)
        }
        return found
    }

    /// ` ("1")` for a string, ` (1)` for a number, else nothing: the offending value in a message.
    static func shown(_ node: PropertyListNode) -> String {
        if let s = node.string { return " (\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\")" }
        if let i = node.integer { return " (\(i))" }
        if case .unsignedInteger(let u) = node.value { return " (\(u))" }
        if let r = node.real { return " (\(r))" }
        if let b = node.boolean { return b ? " (true)" : " (false)" }
        return ""
    }
}
