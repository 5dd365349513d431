import Foundation

/// A custom keyboard: UIKit's `UIInputViewController`, the principal class of a
/// `com.apple.keyboard-service` extension.
///
/// ```swift
/// class KeyboardViewController: UIInputViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         let key = UIButton(type: .system)
///         key.setTitle("a", for: .normal)
///         key.addAction(UIAction { [unowned self] _ in textDocumentProxy.insertText("a") }, for: .touchUpInside)
///         view.addSubview(key)
///     }
/// }
/// ```
///
/// The host shows its view's keys (docs/KEYBOARDS.md): a key pressed on the person's own
/// keyboard presses the key with that title; the proxy's edits reach the app in order. When
/// the app's text changes on its own, ``textWillChange(_:)`` and ``textDidChange(_:)``
/// (or the selection pair, when only the insertion point moved) bracket the change of
/// ``textDocumentProxy``.
@MainActor
open class UIInputViewController: UIViewController, UITextInputDelegate {
    lazy var proxy: TextDocumentProxy = {
        let proxy = TextDocumentProxy()
        proxy.onEdit = { [unowned self] in viewDidChange() }
        return proxy
    }()
    /// Where the host runs the keyboard.
    package var keyboardEnvironment = KeyboardEnvironment()
    /// The presses whose key this controller pressed, until they come up.
    var pressedKeys = Set<ObjectIdentifier>()

    /// The field the keyboard types into.
    open var textDocumentProxy: any UITextDocumentProxy { proxy }

    /// The keyboard's view (its ``UIViewController/view``).
    open var inputView: UIInputView! {
        get { view as? UIInputView }
        set { view = newValue }
    }

    /// The keyboard's language, when it differs from the bundle's `PrimaryLanguage`.
    open var primaryLanguage: String?
    /// Whether the keyboard shows a dictation key (Appex offers no dictation).
    open var hasDictationKey = false

    /// Whether the person gave the keyboard full access (network, shared containers).
    public var hasFullAccess: Bool { keyboardEnvironment.hasFullAccess }
    /// Whether the keyboard must show a key that switches to the next keyboard.
    public var needsInputModeSwitchKey: Bool { keyboardEnvironment.needsInputModeSwitchKey }

    /// Makes a ``UIInputView`` in the keyboard style.
    open override func loadView() {
        view = UIInputView(frame: CGRect(x: 0, y: 0, width: 375, height: 216), inputViewStyle: .keyboard)
    }

    /// Goes to the person's next keyboard.
    open func advanceToNextInputMode() {
        proxy.record(.advanceToNextInputMode)
    }

    /// Puts the keyboard away.
    open func dismissKeyboard() {
        proxy.record(.dismissKeyboard)
    }

    /// Hands the lexicon the host keeps to `completionHandler`, before this returns.
    open func requestSupplementaryLexicon(completion completionHandler: @escaping (UILexicon) -> Void) {
        completionHandler(UILexicon(entries: keyboardEnvironment.lexicon.map {
            UILexiconEntry(documentText: $0.documentText, userInput: $0.userInput)
        }))
    }

    // MARK: Physical keys

    /// A key of the person's own keyboard presses the keyboard's key with that title
    /// (docs/KEYBOARDS.md, "Physical keys"); a key the view has not, or one typed with
    /// Control, Option or Command, goes on down the responder chain and so to the app.
    /// Override to handle keys yourself (candidate numbers, say), and call `super` for the
    /// presses you leave.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var left = Set<UIPress>()
        for press in presses {
            if let key = press.key, let button = keyButton(for: key) {
                pressedKeys.insert(ObjectIdentifier(press))
                button.choose()
            } else {
                left.insert(press)
            }
        }
        if !left.isEmpty { super.pressesBegan(left, with: event) }
    }

    /// The release of a key this controller pressed ends here; others go on.
    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let left = presses.filter { pressedKeys.remove(ObjectIdentifier($0)) == nil }
        if !left.isEmpty { super.pressesEnded(left, with: event) }
    }

    // MARK: UITextInputDelegate (the app's changes; `textInput` is `nil`, as on iOS)

    open func selectionWillChange(_ textInput: (any UITextInput)?) {}
    open func selectionDidChange(_ textInput: (any UITextInput)?) {}
    open func textWillChange(_ textInput: (any UITextInput)?) {}
    open func textDidChange(_ textInput: (any UITextInput)?) {}

    // MARK: For the host

    /// The proxy the host reads edits from and reports the app's field to.
    package var documentProxy: TextDocumentProxy { proxy }

    /// The app's field changed to `context`: the proxy becomes it, between the delegate
    /// calls that say what changed.
    package func documentDidChange(to context: TextDocumentContext) {
        let old = proxy.context
        let textChanged = (old.before ?? "") + (old.selected ?? "") + (old.after ?? "")
            != (context.before ?? "") + (context.selected ?? "") + (context.after ?? "")
            || old.documentIdentifier != context.documentIdentifier || old.marked != context.marked
        if textChanged { textWillChange(nil) } else { selectionWillChange(nil) }
        proxy.replaceContext(context)
        if textChanged { textDidChange(nil) } else { selectionDidChange(nil) }
    }
}
