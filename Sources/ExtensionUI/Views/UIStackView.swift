import Foundation

/// A view that lines its arranged subviews up in a row or a column: UIKit's `UIStackView`.
///
/// Hosts read a horizontal stack of two labels as one row (text and its detail), as a
/// widget's `row` element.
@MainActor
open class UIStackView: UIView {
    /// The views lined up, in order; each is also a subview.
    public private(set) var arrangedSubviews: [UIView] = []
    /// The direction: UIKit's `NSLayoutConstraint.Axis`.
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsDisplayChange() } }
    /// The space between views.
    open var spacing: CGFloat = 0
    /// How views align across the axis.
    open var alignment: Alignment = .fill
    /// How views share the length along the axis.
    open var distribution: Distribution = .fill
    /// Whether the margins are part of the layout.
    open var isLayoutMarginsRelativeArrangement = false

    /// How a stack aligns: UIKit's `UIStackView.Alignment`.
    public enum Alignment: Int, Sendable { case fill, leading, firstBaseline, center, trailing, lastBaseline }
    /// How a stack distributes: UIKit's `UIStackView.Distribution`.
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }

    /// A stack of `views`.
    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        views.forEach(addArrangedSubview)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Adds `view` at the end (and as a subview).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` at `stackIndex` (and as a subview).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: Swift.min(Swift.max(0, stackIndex), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) } else { setNeedsDisplayChange() }
    }

    /// Stops arranging `view`; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        setNeedsDisplayChange()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        arrangedSubviews.removeAll { $0 === subview }
    }
}

extension NSLayoutConstraint {
    /// A direction: UIKit's `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}
