import Foundation

/// How much room a Today widget has: Apple's `NCWidgetDisplayMode`.
///
/// A widget starts compact (Apple's fixed 110-point height). One that sets
/// ``ExtensionContext/widgetLargestAvailableDisplayMode`` to ``expanded`` gets the host's
/// "Show More" control; the user's choice arrives in
/// `widgetActiveDisplayModeDidChange(_:withMaximumSize:)`.
public enum WidgetDisplayMode: Int, Hashable, Sendable, Codable, CaseIterable {
    /// The fixed-height mode every widget has (`NCWidgetDisplayModeCompact`).
    case compact = 0
    /// The taller mode a widget may offer (`NCWidgetDisplayModeExpanded`).
    case expanded = 1

    /// The mode's name for listings and JSON (`compact`, `expanded`).
    public var name: String { self == .compact ? "compact" : "expanded" }
}

/// A widget's display modes as its context knows them.
struct WidgetModes: Sendable {
    var largestAvailable = WidgetDisplayMode.compact
    var active = WidgetDisplayMode.compact
    var maximumSizes: [WidgetDisplayMode: CGSize] = [.compact: CGSize(width: 320, height: 110),
                                                      .expanded: CGSize(width: 320, height: 528)]
    /// Called after the widget changed its largest mode, so that the host hears of it.
    var onChange: (@Sendable () -> Void)?
}

extension ExtensionContext {
    /// The largest mode the widget offers (Apple's NCWidgetAdditions): `.compact` (the
    /// default) or `.expanded`, which gives the widget the host's "Show More" control.
    public var widgetLargestAvailableDisplayMode: WidgetDisplayMode {
        get { widgetModes.withLock { $0.largestAvailable } }
        set {
            let changed = widgetModes.withLock { modes -> (@Sendable () -> Void)? in
                guard modes.largestAvailable != newValue else { return nil }
                modes.largestAvailable = newValue
                return modes.onChange
            }
            changed?()
        }
    }

    /// The mode the host shows the widget in now.
    public var widgetActiveDisplayMode: WidgetDisplayMode {
        widgetModes.withLock { $0.active }
    }

    /// The most room the host gives the widget in `displayMode`, in points (a terminal
    /// host's row is 22 points: docs/WIDGETS.md, "Sizes").
    public func widgetMaximumSize(for displayMode: WidgetDisplayMode) -> CGSize {
        widgetModes.withLock { $0.maximumSizes[displayMode] ?? .zero }
    }

    /// Sets what the host said: the active mode and the maximum sizes (the runtime calls
    /// this before it tells the widget).
    package func setWidgetDisplay(active: WidgetDisplayMode, maximumSizes: [WidgetDisplayMode: CGSize]) {
        widgetModes.withLock { modes in
            modes.active = active
            modes.maximumSizes.merge(maximumSizes) { $1 }
        }
    }

    /// Calls `onChange` whenever the widget changes its largest mode.
    package func observeWidgetLargestMode(_ onChange: @escaping @Sendable () -> Void) {
        widgetModes.withLock { $0.onChange = onChange }
    }
}

extension ExtensionContext {
    /// Reports `error` to the host as a misuse of the context (a widget that called its
    /// update's completion handler twice).
    package func reportMisuse(_ error: ExtensionContextError) {
        connection.extensionContext(self, didMisuse: error)
    }
}
