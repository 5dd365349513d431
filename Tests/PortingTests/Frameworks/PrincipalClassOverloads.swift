import ExtensionRuntime
import Foundation

/// What the ExtensionEntryPoint plugin's generated `@main` writes, for each shape of
/// principal class: each call must pick one `run(principalClass:)` without ambiguity (this
/// file compiling is the check; nothing here is called, as `run` never returns).
enum PrincipalClassOverloads {
    static func composeSheet() -> Never { ExtensionMain.run(principalClass: { ChecklistComposeViewController() }) }
    static func viewController() -> Never { ExtensionMain.run(principalClass: { BookmarkShareViewController() }) }
    static func widget() -> Never { ExtensionMain.run(principalClass: { BatteryTodayViewController() }) }
    static func photoEditor() -> Never { ExtensionMain.run(principalClass: { SepiaEditingViewController() }) }
    static func objectPhotoEditor() -> Never { ExtensionMain.run(principalClass: { PhotoEditingViewController() }) }
    static func storyboardController() -> Never { ExtensionMain.run(principalClass: { BookmarkShareViewController(coder: NSCoder())! }) }
}
