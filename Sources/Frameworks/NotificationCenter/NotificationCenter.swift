// NotificationCenter (the Today widgets framework, not Foundation's class): NCWidgetProviding,
// NCUpdateResult, NCWidgetDisplayMode, NCWidgetController (TodayWidgets, named by
// AppExtensionsCompat), over UIKit, as on iOS.
@_exported import TodayWidgets
@_exported import UIKit
