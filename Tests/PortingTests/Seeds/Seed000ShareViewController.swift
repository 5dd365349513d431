// Seed 000 (vimfung, "iOS扩展开发攻略(一) - Share Extension", sections 2.3.1–2.3.3): the share
// extension's `didSelectPost`, which walks the attachments for `public.url`, keeps the URL in
// the app group's NSUserDefaults and completes with the item. The article's code is
// Objective-C; this is its line-for-line Swift, with the names Swift gives the same calls
// (`loadItemForTypeIdentifier:options:completionHandler:` → `loadItem(forTypeIdentifier:
// options:completionHandler:)`, `setBool:forKey:` → `set(_:forKey:)`). The class keeps its
// Objective-C name NSUserDefaults (docs/PORTING.md: on Linux, `UserDefaults` is Foundation's).
// The activity indicator (UIKit) is left out.
//
// Imports on iOS: UIKit, Social. Here: AppExtensionsCompat (SLComposeServiceViewController,
// the NS names, NSLog for objects) and AppGroupsCompat (NSUserDefaults).
import AppExtensionsCompat
import AppGroupsCompat
import Foundation

class ShareViewController: SLComposeServiceViewController {

    /**
     *  点击提交按钮
     */
    override func didSelectPost() {
        let theController = self
        var hasExistsUrl = false
        for extItem in self.extensionContext!.inputItems as! [NSExtensionItem] {

            for itemProvider in extItem.attachments! {

                if itemProvider.hasItemConformingToTypeIdentifier("public.url") {
                    itemProvider.loadItem(forTypeIdentifier: "public.url",
                                          options: nil,
                                          completionHandler: { (item, error) in

                                              if let url = item as? NSURL {
                                                  NSLog("分享的URL = %@", url)
                                                  let userDefaults = NSUserDefaults(suiteName: "group.cn.vimfung.ShareExtensionDemo")
                                                  userDefaults?.setValue(url.absoluteString, forKey: "share-url")
                                                  //用于标记是新的分享
                                                  userDefaults?.set(true, forKey: "has-new-share")

                                                  theController.extensionContext?.completeRequest(returningItems: [extItem], completionHandler: nil)
                                              }

                                          })

                    hasExistsUrl = true
                    break
                }

            }

            if hasExistsUrl {
                break
            }

        }

        if !hasExistsUrl {
            //直接退出
            self.extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
        }
    }
}
