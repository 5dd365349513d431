import AppExtensions
import ExtensionRuntime
import Foundation

// The extension the host's integration tests and benchmarks run. Its behaviour comes
// from `AppexFixtureBehavior` in its bundle's Info.plist (or APPEX_FIXTURE_BEHAVIOR).
// APPEX_FIXTURE_EXIT_AT_ONCE=1 makes it exit before connecting: the spawn floor.

let environment = ProcessInfo.processInfo.environment
if environment["APPEX_FIXTURE_EXIT_AT_ONCE"] == "1" { exit(0) }
let behavior = FixtureBehavior.current(environment)
if let timeout = FixtureBehavior.loadTimeout(environment) { ItemProvider.defaultLoadTimeout = timeout }
switch FixtureBehavior.point(environment) {
case "com.apple.widget-extension" where behavior == .viewController: ExtensionMain.run(widget: { FixtureButtonWidget() })
case "com.apple.widget-extension": ExtensionMain.run(widget: { FixtureWidget(behavior: behavior) })
case "com.apple.photo-editing": ExtensionMain.run(photoEditor: { FixtureEditor(behavior: behavior) })
case "com.apple.keyboard-service": ExtensionMain.run(viewController: { FixtureKeyboard() })
case "com.apple.fileprovider-nonui": ExtensionMain.run(fileProvider: { FixtureFileProvider(behavior: behavior) })
default: break
}
switch behavior {
case .compose: ExtensionMain.run(composeSheet: { FixtureComposeController() })
case .composeFlood: ExtensionMain.run(composeSheet: { FloodingComposeController() })
case .composeAlert: ExtensionMain.run(composeSheet: { AlertingComposeController() })
case .composePending: ExtensionMain.run(composeSheet: { PendingComposeController() })
case .viewController: ExtensionMain.run(viewController: { FixtureViewController() })
case .webInterface: ExtensionMain.run(webInterface: { FixtureInterfaceHandler() })
default: ExtensionMain.run { FixtureHandler(behavior: behavior) }
}
