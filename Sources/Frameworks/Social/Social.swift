// Social: SLComposeServiceViewController and SLComposeSheetConfigurationItem (ComposeSheet,
// named by AppExtensionsCompat), over UIKit, as on iOS.
@_exported import ComposeSheet
@_exported import UIKit
