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

/// Host → extension: the person chose one of the widget's own buttons (a `.action` element):
/// tap the view with that identifier, as ``ViewActionMessage``'s `.tap` does for a view
/// controller.
package struct WidgetTap: Codable, Hashable, Sendable {
    /// Chosen by the host; the answering ``WidgetStateMessage`` carries it back.
    package var tapID: Int
    /// The button's identifier in the widget's view (`WidgetView.Element.action`'s `id`).
    package var elementID: Int
    /// The revision of the state the person chose it in.
    package var seenRevision: Int

    package init(tapID: Int, elementID: Int, seenRevision: Int) {
        self.tapID = tapID
        self.elementID = elementID
        self.seenRevision = seenRevision
    }
}

/// Extension → host: the widget's state — the answer to an update (with its result), to a
/// mode change, to a tap (with the refusal when it could not apply), or a redraw of the
/// widget's own (none of them).
package struct WidgetStateMessage: Codable, Hashable, Sendable {
    /// The widget now.
    package var state: WidgetState
    /// The ``WidgetUpdateRequest/updateID`` this answers.
    package var updateID: Int?
    /// What the update found, with ``updateID``.
    package var result: WidgetUpdateResult?
    /// The ``WidgetDisplayModeChange/changeID`` this answers.
    package var changeID: Int?
    /// The ``WidgetTap/tapID`` this answers.
    package var tapID: Int?
    /// Why the tap could not apply (`no-such-element`, `disabled`, `wrong-kind`: the
    /// codes of `ViewActionError`); the state is then unchanged.
    package var refusal: ViewUpdate.Refusal?

    package init(state: WidgetState, updateID: Int? = nil, result: WidgetUpdateResult? = nil, changeID: Int? = nil,
                 tapID: Int? = nil, refusal: ViewUpdate.Refusal? = nil) {
        self.state = state
        self.updateID = updateID
        self.result = result
        self.changeID = changeID
        self.tapID = tapID
        self.refusal = refusal
    }

    /// The request this answers: an update's, a mode change's or a tap's identifier (they
    /// share one counter); `nil` for a redraw of the widget's own.
    package var answers: Int? { updateID ?? changeID ?? tapID }
}
