import Foundation

/// A keyboard's root view: UIKit's `UIInputView`.
@MainActor
open class UIInputView: UIView {
    /// How the view is drawn behind its keys.
    public enum Style: Int, Sendable {
        case `default`, keyboard
    }

    /// The style it was made with.
    public let inputViewStyle: Style
    /// Whether its height follows its constraints rather than the system's default.
    open var allowsSelfSizing = false

    /// A view of `frame` drawn in `inputViewStyle`.
    public init(frame: CGRect, inputViewStyle: Style) {
        self.inputViewStyle = inputViewStyle
        super.init(frame: frame)
    }

    /// A view from an archive: the keyboard style.
    public required init?(coder: NSCoder) {
        inputViewStyle = .keyboard
        super.init(coder: coder)
    }
}
