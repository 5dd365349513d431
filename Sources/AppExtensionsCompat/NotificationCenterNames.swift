@_exported import TodayWidgets

// Apple's NotificationCenter framework (Today widgets), so that a ported
// TodayViewController compiles with its imports changed and its view declared.

/// Apple's `NCWidgetProviding`.
public typealias NCWidgetProviding = WidgetProviding
/// Apple's `NCUpdateResult`.
public typealias NCUpdateResult = WidgetUpdateResult
/// Apple's `NCWidgetDisplayMode`.
public typealias NCWidgetDisplayMode = WidgetDisplayMode
/// Apple's `NCWidgetController`.
public typealias NCWidgetController = WidgetController
