// Pinyin, a custom keyboard in the shape Xcode's Custom Keyboard template gives it: a
// UIInputViewController with its imports as on iOS and no main.swift (the ExtensionEntryPoint
// plugin finds KeyboardViewController by the name its Info.plist gives). The letters typed
// are the composition (marked text); the candidate bar offers hanzi for them, ranked by the
// character before the insertion point (documentContextBeforeInput); space or a number key
// chooses, return types the letters themselves. Punctuation is full-width after hanzi.
import UIKit

class KeyboardViewController: UIInputViewController {
    /// The pinyin letters typed and not yet turned into hanzi.
    private var composition = ""
    private var candidates: [Candidate] = []
    private let candidateBar = UIStackView()
    private var nextKeyboardButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        candidateBar.axis = .horizontal
        candidateBar.spacing = 8

        let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map { letters in
            UIStackView(arrangedSubviews: letters.map { letter in
                key(String(letter)) { [unowned self] in type(String(letter)) }
            })
        }
        rows[2].addArrangedSubview(key("⌫") { [unowned self] in deleteBackward() })
        nextKeyboardButton = key("🌐") { [unowned self] in advanceToNextInputMode() }
        let bottom = UIStackView(arrangedSubviews: [
            nextKeyboardButton,
            key(",") { [unowned self] in punctuate(",", "，") },
            key("space") { [unowned self] in space() },
            key(".") { [unowned self] in punctuate(".", "。") },
            key("return") { [unowned self] in returnKey() },
        ])
        let keyboard = UIStackView(arrangedSubviews: [candidateBar] + rows + [bottom])
        keyboard.axis = .vertical
        keyboard.spacing = 6
        keyboard.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(keyboard)
        NSLayoutConstraint.activate([
            keyboard.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            keyboard.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            keyboard.topAnchor.constraint(equalTo: view.topAnchor),
        ])
    }

    override func viewWillLayoutSubviews() {
        nextKeyboardButton.isHidden = !needsInputModeSwitchKey
        super.viewWillLayoutSubviews()
    }

    /// The app changed the text on its own (another field, the cursor moved): the
    /// composition is over.
    override func textWillChange(_ textInput: UITextInput?) {
        composition = ""
        candidates = []
    }

    override func textDidChange(_ textInput: UITextInput?) {
        showCandidates()
    }

    /// Number keys of the person's own keyboard choose a candidate; other keys press the
    /// key with their title.
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var left = Set<UIPress>()
        for press in presses {
            if let characters = press.key?.characters, let number = Int(characters), (1...9).contains(number),
               number <= candidates.count {
                choose(candidates[number - 1])
            } else {
                left.insert(press)
            }
        }
        if !left.isEmpty { super.pressesBegan(left, with: event) }
    }

    // MARK: Keys

    private func key(_ title: String, _ action: @escaping () -> Void) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.addAction(UIAction { _ in action() }, for: .touchUpInside)
        return button
    }

    private func type(_ letter: String) {
        composition += letter
        compose()
    }

    private func deleteBackward() {
        if composition.isEmpty {
            textDocumentProxy.deleteBackward()
        } else {
            composition.removeLast()
            compose()
        }
    }

    private func space() {
        if let first = candidates.first {
            choose(first)
        } else if !composition.isEmpty {
            commitLetters()
        } else {
            textDocumentProxy.insertText(" ")
        }
    }

    private func returnKey() {
        if composition.isEmpty {
            textDocumentProxy.insertText("\n")
        } else {
            commitLetters()
        }
    }

    /// Full-width after hanzi (or a composition, which becomes hanzi first), ASCII otherwise.
    private func punctuate(_ ascii: String, _ fullWidth: String) {
        if let first = candidates.first { choose(first) }
        let previous = textDocumentProxy.documentContextBeforeInput?.last
        textDocumentProxy.insertText(previous.map(Self.isHanzi) == true ? fullWidth : ascii)
    }

    // MARK: The composition

    /// Shows the letters as marked text and offers candidates for them.
    private func compose() {
        if composition.isEmpty {
            textDocumentProxy.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
        } else {
            textDocumentProxy.setMarkedText(composition, selectedRange: NSRange(location: composition.utf16.count, length: 0))
        }
        showCandidates()
    }

    private func choose(_ candidate: Candidate) {
        textDocumentProxy.insertText(candidate.text)
        composition.removeFirst(candidate.consumed)
        compose()
    }

    private func commitLetters() {
        textDocumentProxy.insertText(composition)
        composition = ""
        showCandidates()
    }

    private func showCandidates() {
        candidates = Array(Candidates.for(composition, after: textDocumentProxy.documentContextBeforeInput?.last).prefix(9))
        for view in candidateBar.arrangedSubviews { view.removeFromSuperview() }
        for candidate in candidates {
            candidateBar.addArrangedSubview(key(candidate.text) { [unowned self] in choose(candidate) })
        }
    }

    private static func isHanzi(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }
}
