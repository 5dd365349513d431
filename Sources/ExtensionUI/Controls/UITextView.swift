import Foundation

/// Scrollable, editable multi-line text: UIKit's `UITextView`.
///
/// The compose sheet's text is one (`SLComposeServiceViewController.textView`). Text the
/// person types arrives through the host; ``delegate`` hears of each change, as on iOS.
@MainActor
open class UITextView: UIView {
    /// The text.
    open var text: String! = "" { didSet { if text != oldValue { setNeedsDisplayChange() } } }
    /// The text with attributes.
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: text ?? "") }
        set { text = newValue?.string ?? "" }
    }
    /// The font.
    open var font: UIFont? = .preferredFont(forTextStyle: .body)
    /// The text's colour.
    open var textColor: UIColor? = .label
    /// How the lines align.
    open var textAlignment: NSTextAlignment = .natural
    /// Whether the person may edit the text.
    open var isEditable = true
    /// Whether the person may select the text.
    open var isSelectable = true
    /// The selected range, in UTF-16 units as UIKit counts.
    open var selectedRange = NSRange(location: 0, length: 0)
    /// Told of the person's edits.
    open weak var delegate: (any UITextViewDelegate)?
    /// The keyboard's type.
    open var keyboardType: UIKeyboardType = .default
    /// The return key's title.
    open var returnKeyType: UIReturnKeyType = .default

    open override var canBecomeFirstResponder: Bool { isEditable }

    /// The person replaced the text with `newText`: asks the delegate whether the change may
    /// happen, then applies it and tells the delegate. `false` when the delegate refused.
    @discardableResult
    package func personEdited(_ newText: String) -> Bool {
        let old = text ?? ""
        let range = NSRange(location: 0, length: (old as NSString).length)
        if let delegate, !delegate.textView(self, shouldChangeTextIn: range, replacementText: newText) { return false }
        text = newText
        selectedRange = NSRange(location: (newText as NSString).length, length: 0)
        delegate?.textViewDidChange(self)
        return true
    }
}

/// What a text view's delegate may implement: UIKit's `UITextViewDelegate`.
@MainActor
public protocol UITextViewDelegate: AnyObject {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}
