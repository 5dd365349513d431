import Foundation

/// A rule between two views' edges or sizes: UIKit's `NSLayoutConstraint`.
///
/// Constraints are made, activated, deactivated and kept as UIKit keeps them — an active
/// constraint belongs to the closest view that contains both its items — but Appex's hosts
/// lay views out in reading order and do not solve them. A height a widget asks for is its
/// ``UIViewController/preferredContentSize`` (docs/PORTING.md).
@MainActor
public final class NSLayoutConstraint: NSObject {
    /// What a constraint relates: UIKit's `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case notAnAttribute = 0
    }

    /// How the two sides compare: UIKit's `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item (a view).
    public let firstItem: AnyObject?
    /// Its attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item, `nil` for a constant size.
    public let secondItem: AnyObject?
    /// Its attribute.
    public let secondAttribute: Attribute
    /// The multiplier of the second attribute.
    public let multiplier: CGFloat
    /// The constant added.
    public var constant: CGFloat
    /// The priority, 1…1000.
    public var priority = UILayoutPriority.required
    /// A name for debugging.
    public var identifier: String?
    private weak var holder: UIView?

    /// A constraint `item1.attr1 relatedBy toItem.attr2 * multiplier + c`, inactive.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = attr2
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// Whether the constraint is active: held by the closest view containing both items.
    /// Activating one whose items share no ancestor does nothing, where UIKit raises.
    public var isActive: Bool {
        get { holder != nil }
        set {
            if newValue {
                guard holder == nil, let view = commonAncestor else { return }
                view.constraints.append(self)
                holder = view
            } else if let view = holder {
                view.constraints.removeAll { $0 === self }
                holder = nil
            }
        }
    }

    /// Activates each of `constraints`.
    public class func activate(_ constraints: [NSLayoutConstraint]) {
        constraints.forEach { $0.isActive = true }
    }

    /// Deactivates each of `constraints`.
    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        constraints.forEach { $0.isActive = false }
    }

    /// The closest view containing both items.
    private var commonAncestor: UIView? {
        guard let first = firstItem as? UIView else { return nil }
        guard let second = secondItem as? UIView else { return first }
        return sequence(first: first, next: { $0.superview }).first { second.isDescendant(of: $0) }
    }

    /// Whether the constraint relates `view` to a view outside `subtree`.
    func ties(_ view: UIView, outsideOf subtree: UIView) -> Bool {
        let items = [firstItem as? UIView, secondItem as? UIView].compactMap { $0 }
        return items.contains { $0.isDescendant(of: subtree) } && items.contains { !$0.isDescendant(of: subtree) }
    }
}

/// A constraint's priority: UIKit's `UILayoutPriority`.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
}
