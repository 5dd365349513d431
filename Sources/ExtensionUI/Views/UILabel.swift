import Foundation

/// One or more lines of read-only text: UIKit's `UILabel`.
///
/// Hosts show a label's text; a bold font makes it a heading, a small one (under 13 points)
/// or a secondary colour a caption (``ViewSnapshot``).
@MainActor
open class UILabel: UIView {
    /// The text shown.
    open var text: String? { didSet { if text != oldValue { setNeedsDisplayChange() } } }
    /// The text with attributes; setting it sets ``text`` to its characters.
    open var attributedText: NSAttributedString? {
        get { text.map { NSAttributedString(string: $0) } }
        set { text = newValue?.string }
    }
    /// The font; the system font at 17 points by default.
    open var font: UIFont! = .systemFont(ofSize: UIFont.labelFontSize) { didSet { setNeedsDisplayChange() } }
    /// The text's colour.
    open var textColor: UIColor! = .label { didSet { setNeedsDisplayChange() } }
    /// How the lines align.
    open var textAlignment: NSTextAlignment = .natural
    /// The most lines shown; 0 for as many as needed.
    open var numberOfLines = 1
    /// How a line too long is cut.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    /// Whether the font shrinks to fit.
    open var adjustsFontSizeToFitWidth = false
    /// Whether the text is drawn enabled.
    open var isEnabled = true

    open override var intrinsicContentSize: CGSize {
        let lines = (text ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        return CGSize(width: CGFloat(longest) * font.pointSize * 0.5, height: CGFloat(max(1, lines.count)) * font.pointSize * 1.2)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}

/// How lines of text align: UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// How a line too long for its width is cut: UIKit's `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}
