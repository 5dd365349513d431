import Foundation

/// A spinner that says work is under way: UIKit's `UIActivityIndicatorView`. Hosts show
/// it while it is animating (or when it does not hide when stopped).
@MainActor
open class UIActivityIndicatorView: UIView {
    /// Its look: UIKit's `UIActivityIndicatorView.Style`.
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        case whiteLarge = 0, white = 1, gray = 2
    }

    /// The look.
    open var style: Style
    /// Whether it hides when stopped (default `true`).
    open var hidesWhenStopped = true
    /// Its colour.
    open var color: UIColor!
    /// Whether it is spinning.
    public private(set) var isAnimating = false

    /// A spinner of `style`.
    public init(style: Style) {
        self.style = style
        super.init(frame: .zero)
    }

    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
    }

    public override init() {
        style = .medium
        super.init()
    }

    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
    }

    /// Starts spinning.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        setNeedsDisplayChange()
    }

    /// Stops spinning.
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        setNeedsDisplayChange()
    }
}
