import Foundation

/// A rectangle of an extension's interface and the views inside it: UIKit's `UIView`.
///
/// Appex draws no pixels: a view tree is read by the host, in reading order (top to
/// bottom, leading to trailing, as VoiceOver reads it), and shown in its own terms — lines
/// on a terminal, HTML in the web sheet, a widget's elements (``ViewSnapshot``). What the
/// tree holds is kept as UIKit keeps it: frames, subviews in order, colours, hidden views
/// and alpha (both left out of what is shown), and layout constraints, which are recorded
/// and activated but not solved.
///
/// ```swift
/// let title = UILabel()
/// title.text = "Save to Notes"
/// title.font = .boldSystemFont(ofSize: 17)
/// view.addSubview(title)
/// title.translatesAutoresizingMaskIntoConstraints = false
/// NSLayoutConstraint.activate([title.topAnchor.constraint(equalTo: view.topAnchor, constant: 16)])
/// ```
@MainActor
open class UIView: UIResponder {
    /// The view's rectangle in its superview's coordinates.
    open var frame: CGRect {
        didSet { if frame != oldValue { setNeedsDisplayChange() } }
    }
    /// The view's rectangle in its own coordinates: its frame's size at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// The centre of the frame.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The views inside this one, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this one is inside.
    public private(set) weak var superview: UIView?
    /// The controller whose root view this is.
    weak var owningController: UIViewController?

    /// The fill behind the view's content; `nil` is transparent.
    open var backgroundColor: UIColor? { didSet { setNeedsDisplayChange() } }
    /// The colour controls inside tint themselves with.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set { storedTintColor = newValue; setNeedsDisplayChange() }
    }
    private var storedTintColor: UIColor?
    /// Whether the view (and everything inside it) is hidden: left out of what is shown.
    open var isHidden = false { didSet { if isHidden != oldValue { setNeedsDisplayChange() } } }
    /// The view's opacity, 0…1; at 0 it is left out of what is shown, as UIKit leaves it out
    /// of hit-testing.
    open var alpha: CGFloat = 1 { didSet { if alpha != oldValue { setNeedsDisplayChange() } } }
    /// Whether the view takes part in interaction; a host offers no action inside a view
    /// that does not.
    open var isUserInteractionEnabled = true
    /// Whether subviews are clipped to the bounds.
    open var clipsToBounds = false
    /// An integer that identifies the view (``viewWithTag(_:)``).
    open var tag = 0
    /// How content is laid out in the bounds.
    open var contentMode: ContentMode = .scaleToFill
    /// The margins inside the view's edges.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// Whether the frame makes implicit constraints; set to `false` before adding your own.
    open var translatesAutoresizingMaskIntoConstraints = true
    /// The constraints this view holds (those of its subtree it was given).
    public internal(set) var constraints: [NSLayoutConstraint] = []
    /// What VoiceOver says for the view; hosts use it as an image's description.
    open var accessibilityLabel: String?
    /// Whether the view is an accessibility element.
    open var isAccessibilityElement = false
    /// The layer, once read (``layer``).
    var storedLayer: CALayer?

    /// How a view lays out its content: UIKit's `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// A view with `frame`.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// A view with a zero frame.
    public override init() {
        frame = .zero
        super.init()
    }

    /// A view from an archive: Appex builds no views from storyboards or nibs, so this
    /// makes an empty view (docs/PORTING.md, "Storyboards").
    public required init?(coder: NSCoder) {
        frame = .zero
        super.init()
    }

    // MARK: The hierarchy

    /// Adds `view` in front of the other subviews, moving it from its old superview.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews (clamped).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        let wasHere = view.superview === self
        if !wasHere { view.willMove(toSuperview: self) }
        view.detach()
        subviews.insert(view, at: Swift.min(Swift.max(0, index), subviews.count))
        view.superview = self
        if !wasHere { didAddSubview(view) }
        view.didMoveToSuperview()
        setNeedsDisplayChange()
    }

    /// Inserts `view` just below `siblingSubview`.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === siblingSubview } ?? 0)
    }

    /// Inserts `view` just above `siblingSubview`.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insertSubview(view, at: (subviews.firstIndex { $0 === siblingSubview } ?? subviews.count - 1) + 1)
    }

    /// Moves `view` to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Removes the view from its superview, deactivating the constraints that tie it to
    /// views outside it, as UIKit does.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        willMove(toSuperview: nil)
        detach()
        parent.setNeedsDisplayChange()
        didMoveToSuperview()
    }

    private func detach() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        for holder in sequence(first: parent, next: { $0.superview }) {
            holder.constraints.filter { $0.ties(self, outsideOf: self) }.forEach { $0.isActive = false }
        }
    }

    /// Whether the view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool {
        sequence(first: self, next: { $0.superview }).contains { $0 === view }
    }

    /// The first view of the subtree (this one included) whose ``tag`` is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// A subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// A subview is about to be removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// The view is about to move to `newSuperview` (`nil`: removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// The view moved to a new superview.
    open func didMoveToSuperview() {}

    open override var next: UIResponder? {
        owningController ?? superview
    }

    // MARK: Layout

    /// Asks for layout at the next pass: the host's next snapshot.
    open func setNeedsLayout() { setNeedsDisplayChange() }
    /// Lays the view out now: runs ``layoutSubviews()`` down the tree.
    open func layoutIfNeeded() {
        layoutSubviews()
        subviews.forEach { $0.layoutIfNeeded() }
    }
    /// Lays out the subviews; the default does nothing (constraints are not solved).
    open func layoutSubviews() {}
    /// Asks to be drawn again: the host's next snapshot.
    open func setNeedsDisplay() { setNeedsDisplayChange() }
    /// The size that fits the content: the frame's size unless a subclass knows better.
    open func sizeThatFits(_ size: CGSize) -> CGSize { frame.size }
    /// Resizes the view to ``sizeThatFits(_:)``.
    open func sizeToFit() { frame.size = sizeThatFits(frame.size) }
    /// The size the content needs, when it knows one.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// UIKit's marker for no intrinsic size.
    public nonisolated static let noIntrinsicMetric: CGFloat = -1

    // MARK: Changes

    /// Something the host shows changed: the controller showing the view hears of it.
    package func setNeedsDisplayChange() {
        var view: UIView? = self
        while let current = view {
            if let controller = current.owningController {
                controller.viewDidChange()
                return
            }
            view = current.superview
        }
    }
}
