import AppExtensions
import Foundation

/// Everything the host needs to draw a widget, as one snapshot: its view, the room it
/// asks for and its display modes.
///
/// The extension sends a state when an update completes, when its display mode changed,
/// and when it redraws on its own; each has a revision one higher than the last, and the
/// host keeps the newest.
public struct WidgetState: Hashable, Sendable, Codable {
    /// A size in points (Apple's `CGSize`, spelled out so that it reads the same in JSON).
    public struct Size: Hashable, Sendable, Codable {
        public var width: Double
        public var height: Double

        /// A size of `width` by `height` points.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }

        /// `size` in points.
        public init(_ size: CGSize) {
            self.init(width: Double(size.width), height: Double(size.height))
        }

        /// The size as Apple's type.
        public var cgSize: CGSize { CGSize(width: width, height: height) }
    }

    /// One higher in every state the extension sends.
    public var revision: Int
    /// What the widget shows.
    public var view: WidgetView
    /// The widget's ``WidgetViewController/preferredContentSize``.
    public var preferredContentSize: Size
    /// The largest mode the widget offers (`.expanded` gives it "Show More").
    public var largestAvailableDisplayMode: WidgetDisplayMode
    /// The mode the widget believes it is shown in.
    public var activeDisplayMode: WidgetDisplayMode

    /// Creates a state.
    public init(revision: Int, view: WidgetView, preferredContentSize: Size = Size(width: 0, height: 0),
                largestAvailableDisplayMode: WidgetDisplayMode = .compact, activeDisplayMode: WidgetDisplayMode = .compact) {
        self.revision = revision
        self.view = view
        self.preferredContentSize = preferredContentSize
        self.largestAvailableDisplayMode = largestAvailableDisplayMode
        self.activeDisplayMode = activeDisplayMode
    }
}
