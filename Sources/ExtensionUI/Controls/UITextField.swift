import Foundation

/// A one-line editable text: UIKit's `UITextField`. Hosts show it as a field; the person's
/// typing arrives as `.editingChanged`, and the delegate is asked first.
@MainActor
open class UITextField: UIControl {
    /// The text.
    open var text: String? = "" { didSet { if text != oldValue { setNeedsDisplayChange() } } }
    /// Shown while the text is empty.
    open var placeholder: String? { didSet { setNeedsDisplayChange() } }
    /// The font.
    open var font: UIFont? = .systemFont(ofSize: 17)
    /// The text's colour.
    open var textColor: UIColor? = .label
    /// How the text aligns.
    open var textAlignment: NSTextAlignment = .natural
    /// Whether the text is hidden as it is typed (a password).
    open var isSecureTextEntry = false
    /// The keyboard's type.
    open var keyboardType: UIKeyboardType = .default
    /// The return key's title.
    open var returnKeyType: UIReturnKeyType = .default
    /// Told of the person's edits.
    open weak var delegate: (any UITextFieldDelegate)?
    /// The border drawn around the field.
    open var borderStyle: BorderStyle = .none
    /// When the clear button shows.
    open var clearButtonMode: ViewMode = .never

    /// A field's border: UIKit's `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable { case none = 0, line, bezel, roundedRect }
    /// When an overlay shows: UIKit's `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable { case never = 0, whileEditing, unlessEditing, always }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// The person replaced the text with `newText`: asks the delegate, applies it, sends
    /// `.editingChanged`. `false` when the delegate refused.
    @discardableResult
    package func personEdited(_ newText: String) -> Bool {
        let old = text ?? ""
        let range = NSRange(location: 0, length: (old as NSString).length)
        if let delegate, !delegate.textField(self, shouldChangeCharactersIn: range, replacementString: newText) { return false }
        text = newText
        sendActions(for: .editingChanged)
        return true
    }

    /// The person pressed return: asks the delegate and sends `.editingDidEndOnExit`.
    package func personPressedReturn() {
        if delegate?.textFieldShouldReturn(self) ?? true {
            sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
        }
    }
}

/// What a text field's delegate may implement: UIKit's `UITextFieldDelegate`.
@MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
    func textFieldShouldClear(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
}
