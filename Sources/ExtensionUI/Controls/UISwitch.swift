import Foundation

/// An on/off switch: UIKit's `UISwitch`. The person's toggle sets ``isOn`` and sends
/// `.valueChanged`.
@MainActor
open class UISwitch: UIControl {
    /// Whether the switch is on.
    open var isOn = false { didSet { if isOn != oldValue { setNeedsDisplayChange() } } }
    /// The colour of the on track.
    open var onTintColor: UIColor?

    /// Sets the state, with no event sent (as UIKit: only the person's toggle sends one).
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    /// The person toggled the switch to `on`.
    package func personToggled(_ on: Bool) {
        guard isEnabled else { return }
        isOn = on
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }
}
