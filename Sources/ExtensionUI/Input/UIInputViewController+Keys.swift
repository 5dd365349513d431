import Foundation

extension UIInputViewController {
    /// The enabled, visible button whose title (or accessibility label) is what `key` types,
    /// or one of the names of the key's function (docs/KEYBOARDS.md has the table).
    func keyButton(for key: UIKey) -> UIButton? {
        guard key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]), let root = viewIfLoaded else { return nil }
        let names = Self.keyNames(for: key)
        guard !names.isEmpty else { return nil }
        var found: UIButton?
        Self.walk(root) { button in
            guard found == nil, button.isEnabled else { return }
            let titles = [button.currentTitle, button.accessibilityLabel].compactMap { $0 }
            if titles.contains(where: names.contains) { found = button }
        }
        return found
    }

    /// The titles a key's button may have: what it types, and for the keys that type
    /// nothing printable, the names keyboards give them.
    static func keyNames(for key: UIKey) -> Set<String> {
        switch key.keyCode {
        case .keyboardDeleteOrBackspace: ["⌫", "delete", "Delete", "backspace", "Backspace"]
        case .keyboardReturnOrEnter: ["return", "Return", "⏎", "↵", "↩", "enter", "Enter", "\n"]
        case .keyboardSpacebar: [" ", "space", "Space", "␣"]
        case .keyboardTab: ["\t", "tab", "Tab", "⇥"]
        default: key.characters.isEmpty || key.characters.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control })
            ? [] : [key.characters]
        }
    }

    private static func walk(_ view: UIView, _ visit: (UIButton) -> Void) {
        guard !view.isHidden, view.alpha > 0 else { return }
        if let button = view as? UIButton { visit(button) }
        for subview in view.subviews { walk(subview, visit) }
    }
}
