import ExtensionUI

/// What `appex keyboard try --type` types: characters one by one, and named keys and taps
/// in braces.
///
/// ```
/// nihao{space}      n, i, h, a, o, then the space bar
/// zhong{tap:中}guo  a tap on the key titled 中 (a candidate), as a person taps the panel
/// ab{BackSpace}{Left}{Return}
/// ```
enum KeyboardScript {
    /// One step.
    enum Step: Equatable {
        case key(KeyPress)
        case tap(String)
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    static let space = KeyPress(characters: " ", keyCode: .keyboardSpacebar)
    static let returnKey = KeyPress(characters: "\r", keyCode: .keyboardReturnOrEnter)

    /// The named keys, as in X11's keysym names.
    static let named: [String: KeyPress] = [
        "BackSpace": KeyPress(characters: "\u{8}", keyCode: .keyboardDeleteOrBackspace),
        "Return": returnKey,
        "space": space,
        "Tab": KeyPress(characters: "\t", keyCode: .keyboardTab),
        "Left": KeyPress(characters: "", keyCode: .keyboardLeftArrow),
        "Right": KeyPress(characters: "", keyCode: .keyboardRightArrow),
        "Escape": KeyPress(characters: "\u{1b}", keyCode: .keyboardEscape),
    ]

    /// The steps of `script`; an unknown name or an unclosed brace is an error naming it,
    /// with its column.
    static func parse(_ script: String) throws(ParseError) -> [Step] {
        var steps: [Step] = []
        var rest = Substring(script)
        while let first = rest.first {
            guard first == "{" else {
                steps.append(.key(key(typing: first)))
                rest = rest.dropFirst()
                continue
            }
            let column = script.distance(from: script.startIndex, to: rest.startIndex) + 1
            guard let close = rest.firstIndex(of: "}") else {
                throw ParseError(description: "--type: column \(column): '{' is not closed; write {Name} (\(named.keys.sorted().joined(separator: ", "))), {tap:TITLE} or {{} for a brace")
            }
            let name = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if name == "{" {
                steps.append(.key(key(typing: "{")))
            } else if name.hasPrefix("tap:"), name.count > 4 {
                steps.append(.tap(String(name.dropFirst(4))))
            } else if let key = named[name] {
                steps.append(.key(key))
            } else {
                throw ParseError(description: "--type: column \(column): {\(name)} is not a key; the keys are \(named.keys.sorted().joined(separator: ", ")), and {tap:TITLE} taps the key with that title")
            }
        }
        return steps
    }

    /// The press of the key typing `character`.
    static func key(typing character: Character) -> KeyPress {
        if character == " " { return space }
        if character == "\n" { return returnKey }
        let code = UIKeyboardHIDUsage(typing: character)
        let shifted = character.isUppercase
        return KeyPress(characters: String(character), charactersIgnoringModifiers: String(character).lowercased(),
                        modifiers: shifted ? .shift : [], keyCode: code)
    }
}
