extension Linter {
    /// A custom keyboard names its language (`PrimaryLanguage`, a BCP 47 tag): the system
    /// lists the keyboard under it and Appex's IBus engine reports it (docs/KEYBOARDS.md).
    func checkKeyboard(_ d: ExtensionDeclaration, _ out: inout LintCollector) {
        guard d.pointIdentifier == ExtensionPoint.keyboard else { return }
        let key = "NSExtension.NSExtensionAttributes.PrimaryLanguage"
        guard let language = d.primaryLanguage else {
            return out.add(.extensionKeyboardLanguage, "a custom keyboard has no PrimaryLanguage, so no language is shown for it (Xcode's template writes en-US); name the language it types", at: "NSExtension.NSExtensionAttributes")
        }
        if !Self.isLanguageTag(language) {
            let near = language.replacingOccurrences(of: "_", with: "-")
            let hint = near != language && Self.isLanguageTag(near) ? " (spelled '\(near)')" : ""
            out.add(.extensionKeyboardLanguage, "PrimaryLanguage is '\(language)', which is not a language tag such as en-US or zh-Hans\(hint)", at: key)
        }
    }

    /// Whether `tag` has BCP 47's shape: a language of 2–3 letters, then subtags of 1–8
    /// letters or digits, separated by hyphens (`en`, `en-US`, `zh-Hans-CN`, `es-419`).
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
