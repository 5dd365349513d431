// Gypsyan/APNS-Sender_APNS-Client, APNS-Server/APNSPusher/ShareMe/ShareViewController.swift
// (commit 16f64c2b6a2d2154cd1aba62826dab80111e4250): a share extension that leaves the post's
// text in the app group's defaults. Verbatim but for:
// - the imports (iOS: UIKit, Social);
// - the class name (`ShareViewController` is seed 000's here) and `UserDefaults` spelled
//   `NSUserDefaults`: on Linux `UserDefaults` is Foundation's, which the compat module cannot
//   replace (docs/PORTING.md);
// - the placeholder "your group ID" replaced by a group identifier;
// - `override func configurationItems() -> [Any]!` (returning []) left out: ComposeSheet
//   declares it `-> [SLComposeSheetConfigurationItem]?` (docs/PORTING.md, "What does not port").
import AppExtensionsCompat
import AppGroupsCompat
import Foundation

class APNSSenderShareViewController: SLComposeServiceViewController {

    override func isContentValid() -> Bool {
        return true
    }

    override func didSelectPost() {
        
        let userdefaults = NSUserDefaults.init(suiteName: "group.com.example.apns-sender")
        userdefaults?.set(contentText, forKey: "pushToken")
        userdefaults?.synchronize()
        self.extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
    }

}
