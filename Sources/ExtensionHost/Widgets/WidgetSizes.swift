import AppExtensions
import Foundation

/// The most room a host gives a widget in each mode, in points.
///
/// A terminal host counts 22 points to a row and 8 to a column (docs/WIDGETS.md,
/// "Sizes"), so Apple's compact height, 110 points, is five rows.
public struct WidgetSizes: Hashable, Sendable {
    /// Points to a terminal row.
    public static let pointsPerRow = 22.0
    /// Points to a terminal column.
    public static let pointsPerColumn = 8.0
    /// Apple's compact height.
    public static let compactHeight = 110.0

    /// The compact mode's room (its height is always ``compactHeight``).
    public var compact: CGSize
    /// The expanded mode's room.
    public var expanded: CGSize

    /// Sizes for a view `width` points wide whose expanded widgets may be `expandedHeight` tall.
    public init(width: Double = 320, expandedHeight: Double = 528) {
        compact = CGSize(width: width, height: Self.compactHeight)
        expanded = CGSize(width: width, height: max(expandedHeight, Self.compactHeight))
    }

    /// Sizes for a terminal `columns` wide whose expanded widgets may take `rows` rows.
    public init(columns: Int, expandedRows: Int) {
        self.init(width: Double(columns) * Self.pointsPerColumn, expandedHeight: Double(expandedRows) * Self.pointsPerRow)
    }

    /// The room of `mode`.
    public func size(for mode: WidgetDisplayMode) -> CGSize {
        mode == .compact ? compact : expanded
    }
}
