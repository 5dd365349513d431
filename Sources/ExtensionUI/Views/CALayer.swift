import Foundation

/// The layer behind a view, as far as extension code styles one: Core Animation's `CALayer`
/// (`view.layer.cornerRadius = 8`). Its values are kept, not drawn: Appex's hosts draw in
/// their own style.
@MainActor
public final class CALayer: NSObject {
    /// The radius of the rounded corners.
    public var cornerRadius: CGFloat = 0
    /// The border's width.
    public var borderWidth: CGFloat = 0
    /// The border's colour (UIKit code writes `UIColor.….cgColor`).
    public var borderColor: CGColor?
    /// The fill behind the content.
    public var backgroundColor: CGColor?
    /// Whether sublayers are clipped to the rounded bounds.
    public var masksToBounds = false
    /// The shadow's opacity, colour, offset and radius.
    public var shadowOpacity: Float = 0
    public var shadowColor: CGColor?
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    /// The layer's opacity.
    public var opacity: Float = 1
}

/// A colour as Core Graphics passes it to a layer: the components of the `UIColor` it came from.
public final class CGColor: NSObject, Sendable {
    /// The colour it was made from.
    public let color: UIColor

    init(_ color: UIColor) {
        self.color = color
    }

    /// The red, green, blue and alpha components.
    public var components: [CGFloat]? { [color.red, color.green, color.blue, color.alpha] }
    /// The alpha component.
    public var alpha: CGFloat { color.alpha }
}

extension UIColor {
    /// The colour for a layer (`layer.borderColor = UIColor.separator.cgColor`).
    public var cgColor: CGColor { CGColor(self) }

    /// A colour from a layer's (`UIColor(cgColor: layer.borderColor!)`).
    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.color.red, green: cgColor.color.green, blue: cgColor.color.blue, alpha: cgColor.color.alpha)
    }
}

extension UIView {
    /// The view's layer, made the first time it is read.
    public var layer: CALayer {
        if let layer = storedLayer { return layer }
        let layer = CALayer()
        storedLayer = layer
        return layer
    }
}
