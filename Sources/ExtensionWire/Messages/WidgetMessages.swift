import AppExtensions
import TodayWidgets

/// Host → extension: bring the widget up to date (Apple's `widgetPerformUpdate`), shown in
/// `displayMode` with the given maximum sizes.
package struct WidgetUpdateRequest: Codable, Hashable, Sendable {
    /// Chosen by the host; the answering ``WidgetStateMessage`` carries it back.
    package var updateID: Int
    /// The mode the host shows the widget in.
    package var displayMode: WidgetDisplayMode
    /// The most room of the compact mode, in points.
    package var compactSize: WidgetState.Size
    /// The most room of the expanded mode, in points.
    package var expandedSize: WidgetState.Size

    package init(updateID: Int, displayMode: WidgetDisplayMode, compactSize: WidgetState.Size, expandedSize: WidgetState.Size) {
        self.updateID = updateID
        self.displayMode = displayMode
        self.compactSize = compactSize
        self.expandedSize = expandedSize
    }
}

/// Host → extension: the user switched the widget's mode ("Show More" / "Show Less").
package struct WidgetDisplayModeChange: Codable, Hashable, Sendable {
    /// Chosen by the host; the answering ``WidgetStateMessage`` carries it back.
    package var changeID: Int
    /// The new mode.
    package var displayMode: WidgetDisplayMode
    /// Its most room, in points.
    package var maximumSize: WidgetState.Size

    package init(changeID: Int, displayMode: WidgetDisplayMode, maximumSize: WidgetState.Size) {
        self.changeID = changeID
        self.displayMode = displayMode
        self.maximumSize = maximumSize
    }
}

/// Extension → host: the widget's state — the answer to an update (with its result), to a
/// mode change, or a redraw of the widget's own (neither).
package struct WidgetStateMessage: Codable, Hashable, Sendable {
    /// The widget now.
    package var state: WidgetState
    /// The ``WidgetUpdateRequest/updateID`` this answers.
    package var updateID: Int?
    /// What the update found, with ``updateID``.
    package var result: WidgetUpdateResult?
    /// The ``WidgetDisplayModeChange/changeID`` this answers.
    package var changeID: Int?

    package init(state: WidgetState, updateID: Int? = nil, result: WidgetUpdateResult? = nil, changeID: Int? = nil) {
        self.state = state
        self.updateID = updateID
        self.result = result
        self.changeID = changeID
    }
}
