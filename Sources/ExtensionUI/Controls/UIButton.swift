import Foundation

/// A button: UIKit's `UIButton`. Hosts show its title and, when the person chooses it,
/// send `.touchUpInside` (and `.primaryActionTriggered`) to its actions.
///
/// ```swift
/// let done = UIButton(type: .system)
/// done.setTitle("Done", for: .normal)
/// done.addAction(UIAction { [weak self] _ in self?.finish() }, for: .touchUpInside)
/// ```
@MainActor
open class UIButton: UIControl {
    /// A button's kind: UIKit's `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    /// The kind.
    public let buttonType: ButtonType
    private var titles: [UInt: String] = [:]
    private var images: [UInt: UIImage] = [:]
    private var titleColors: [UInt: UIColor] = [:]

    /// A button of `buttonType`.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    /// A system button that runs `primaryAction`, titled with its title (iOS 14).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
    }

    public override init() {
        buttonType = .custom
        super.init()
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
    }

    /// Sets the title shown in `state`.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        setNeedsDisplayChange()
    }

    /// The title for `state`, falling back to the normal state's, as UIKit does.
    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// Sets the image shown in `state`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        setNeedsDisplayChange()
    }

    /// The image for `state`, falling back to the normal state's.
    open func image(for state: State) -> UIImage? {
        images[state.rawValue] ?? images[State.normal.rawValue]
    }

    /// Sets the title's colour in `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
    }

    /// The title's colour for `state`.
    open func titleColor(for state: State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[State.normal.rawValue]
    }

    /// The title shown now.
    open var currentTitle: String? { title(for: state) }
    /// The image shown now.
    open var currentImage: UIImage? { image(for: state) }

    /// The label the title is drawn in (its text is the current title).
    public var titleLabel: UILabel? {
        let label = UILabel()
        label.text = currentTitle
        return label
    }

    /// What the person's choice sends: `.touchUpInside` and `.primaryActionTriggered`.
    package func choose() {
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }
}
