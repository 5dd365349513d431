// UIKit as an app extension sees it, headless (docs/PORTING.md): view controllers, views,
// controls and alerts (ExtensionUI), with Foundation and the extension API (NSItemProvider,
// NSExtensionItem, NSExtensionContext: AppExtensionsCompat), as `import UIKit` brings them on iOS.
@_exported import AppExtensionsCompat
@_exported import ExtensionUI
@_exported import Foundation
