import Foundation

/// A value chosen along a track: UIKit's `UISlider`, kept for code that configures one
/// (photo editors do); hosts do not show it yet. A change sets ``value`` (clamped) and sends
/// `.valueChanged`.
@MainActor
open class UISlider: UIControl {
    /// The value, between ``minimumValue`` and ``maximumValue``.
    open var value: Float = 0 { didSet { if value != oldValue { setNeedsDisplayChange() } } }
    /// The smallest value.
    open var minimumValue: Float = 0
    /// The largest value.
    open var maximumValue: Float = 1
    /// Whether `.valueChanged` is sent while the thumb moves (it is sent once per change here).
    open var isContinuous = true
    /// The track's colours.
    open var minimumTrackTintColor: UIColor?
    open var maximumTrackTintColor: UIColor?

    /// Sets the value, clamped, with no event sent.
    open func setValue(_ value: Float, animated: Bool) {
        self.value = Swift.min(maximumValue, Swift.max(minimumValue, value))
    }

    /// The person moved the slider to `value`.
    package func personMoved(to value: Float) {
        guard isEnabled else { return }
        setValue(value, animated: false)
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }
}
