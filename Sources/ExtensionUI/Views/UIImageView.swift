import Foundation

/// A view that shows an image: UIKit's `UIImageView`.
///
/// Hosts show the image (its bytes, as the file had them) with the view's
/// ``UIView/accessibilityLabel`` as its description.
@MainActor
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage? { didSet { if image !== oldValue { setNeedsDisplayChange() } } }
    /// The image shown while highlighted.
    open var highlightedImage: UIImage?
    /// Whether the highlighted image is shown.
    open var isHighlighted = false

    /// A view showing `image`, sized to it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    public override init() {
        super.init()
        isUserInteractionEnabled = false
    }

    /// A view showing `image` or, highlighted, `highlightedImage`.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override var intrinsicContentSize: CGSize { image?.size ?? .zero }
}
