import PropertyLists

extension ManifestReader {
    /// Reads `NSExtensionActivationRule` in either form.
    mutating func readActivationRule(_ node: PropertyListNode, path: String) -> ActivationRule {
        record(node, path)
        if let source = node.string {
            let rule = PredicateActivationRule(source: source)
            if let error = rule.syntaxError {
                report(.activationPredicateSyntax, nil,
                       "the activation predicate does not parse: \(error.line):\(error.column): \(error.message)\n\(error.description)",
                       at: node, path: path)
            }
            return .predicate(rule)
        }
        guard let dict = node.dictionary else {
            report(.activationInvalidRule, nil,
                   "NSExtensionActivationRule is \(node.kindDescription), expected a dictionary or a predicate string",
                   at: node, path: path)
            return .invalid(node.kindDescription)
        }
        checkDuplicates(dict, path: path)
        var rule = DictionaryActivationRule()
        for entry in dict.entries {
            let key = entry.key
            let keyPath = Self.join(path, key)
            let value = counted(dict, key) ?? entry.node
            guard DictionaryActivationRule.knownKeys.contains(key) else {
                let hint = Self.suggestion(for: key)
                rule.ignored.append(.init(key: key, reason: "is not an activation key Apple defines"))
                report(.activationUnknownKey, nil,
                       "\(Self.quoted(key)) is not an activation key Apple defines; it is ignored\(hint)",
                       position: entry.keyPosition, path: keyPath)
                continue
            }
            switch key {
            case AttachmentKind.text.activationKey, DictionaryActivationRule.strictMatchingKey:
                guard let b = value.boolean else {
                    wrongType(key, value, expected: "a boolean (<true/> or <false/>)", path: keyPath, rule: &rule)
                    continue
                }
                if key == DictionaryActivationRule.strictMatchingKey { rule.usesStrictMatching = b } else { rule.supportsText = b }
            default:
                guard let n = count(value, key: key, path: keyPath, rule: &rule) else { continue }
                switch key {
                case DictionaryActivationRule.attachmentsMinimumKey: rule.attachmentsMinimum = n
                case DictionaryActivationRule.attachmentsMaximumKey: rule.attachmentsMaximum = n
                case DictionaryActivationRule.versionKey: rule.version = n
                default:
                    if let kind = AttachmentKind.allCases.first(where: { $0.activationKey == key }) { rule.maximumCounts[kind] = n }
                }
            }
        }
        return .dictionary(rule)
    }

    /// A count: a non-negative integer (a real with no fraction is accepted as Apple's NSNumber would be).
    mutating func count(_ node: PropertyListNode, key: String, path: String, rule: inout DictionaryActivationRule) -> Int? {
        var n: Int64?
        if let i = node.integer { n = i } else if let r = node.real, r == r.rounded(), abs(r) < 1e9 { n = Int64(r) }
        // Above Int64.max (Foundation reads up to UInt64.max): as many as there can be.
        if case .unsignedInteger = node.value { n = .max }
        guard let value = n else {
            if let r = node.real {
                rule.ignored.append(.init(key: key, reason: "is \(r), not a whole number"))
                report(.activationInvalidCount, nil, "\(key) is \(r), expected a whole number; it counts as absent",
                       at: node, path: path)
                return nil
            }
            wrongType(key, node, expected: "an integer", path: path, rule: &rule)
            return nil
        }
        guard value >= 0 else {
            rule.ignored.append(.init(key: key, reason: "is negative (\(value))"))
            report(.activationInvalidCount, nil, "\(key) is \(value); a count cannot be negative, and it counts as absent",
                   at: node, path: path)
            return nil
        }
        return Int(clamping: value)
    }

    mutating func wrongType(_ key: String, _ node: PropertyListNode, expected: String, path: String,
                            rule: inout DictionaryActivationRule) {
        let found = "\(node.kindDescription)\(Self.shown(node))"
        rule.ignored.append(.init(key: key, reason: "is \(found), expected \(expected)"))
        report(.activationWrongType, nil,
               "\(key) is \(found), expected \(expected); App Store validation rejects this (ITMS-90361) and Appex counts it as absent",
               at: node, path: path)
    }

    static func quoted(_ key: String) -> String {
        guard key.contains(where: { $0.isWhitespace }) else { return key }
        let escaped: String = key.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
        return "'" + escaped + "'"
    }

    /// `; did you mean X?` for a key that differs from a known one by whitespace, case or a few letters.
    static func suggestion(for key: String) -> String {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed != key, DictionaryActivationRule.knownKeys.contains(trimmed) {
            return "; the key has surrounding whitespace — did you mean \(trimmed)?"
        }
        let lowered = trimmed.lowercased()
        var best: (key: String, distance: Int)?
        for known in DictionaryActivationRule.knownKeys.sorted() {
            let d = EditDistance.between(known.lowercased(), lowered)
            if d < (best?.distance ?? .max) { best = (known, d) }
        }
        if let best, best.distance <= 4 { return "; did you mean \(best.key)?" }
        return ""
    }
}

import Foundation
