import Foundation

/// An object that takes part in the responder chain: UIKit's `UIResponder`.
///
/// Views, view controllers and (in UIKit) the application are responders. Each answers
/// ``next`` with the object the chain goes to after it: a view's next responder is its view
/// controller when it is one's root view, else its superview; a view controller's is its
/// view's superview, or its parent or presenting controller.
///
/// ```swift
/// var responder: UIResponder? = label
/// while let current = responder { responder = current.next }   // label → stack → root view → controller
/// ```
///
/// Appex has no screen and no touches: the chain serves code that walks it (to find a
/// view's controller) and first-responder bookkeeping for text input.
@MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() {
        super.init()
    }

    /// The next responder in the chain, or `nil` at its end.
    open var next: UIResponder? { nil }

    /// Whether the responder may become the first responder; `false` unless a subclass
    /// accepts text input.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder is the first responder of its window.
    open var isFirstResponder: Bool { FirstResponder.current === self }

    /// Asks to become the first responder; `true` when it did.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        FirstResponder.current = self
        return true
    }

    // MARK: Physical keys (UIKit's order: a responder that does not take a press calls super,
    // which hands it to ``next``; at the chain's end the host gives the key to the app).

    /// A key went down.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next { next.pressesBegan(presses, with: event) } else { event?.reachedEndOfChain = true }
    }

    /// A pressed key changed (its force, in UIKit).
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// A key came up.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next { next.pressesEnded(presses, with: event) } else { event?.reachedEndOfChain = true }
    }

    /// The press was taken away (the keyboard lost the document).
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    /// Gives up first-responder status; `true` (it always may).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if FirstResponder.current === self { FirstResponder.current = nil }
        return true
    }
}

/// The process's first responder: an extension has one window.
@MainActor
enum FirstResponder {
    static weak var current: UIResponder?
}
