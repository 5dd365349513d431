// Seed 000, sections 2.3.2 and 2.4: the containing app's side. `applicationDidBecomeActive:`
// reads the share the extension left in the group's NSUserDefaults, and the NSFileManager
// example writes and reads `demo.txt` in the group's container. Line-for-line Swift of the
// article's Objective-C, as in Seed000ShareViewController.swift.
//
// Imports on iOS: UIKit. Here: AppGroupsCompat (NSUserDefaults, FileManager's
// containerURL(forSecurityApplicationGroupIdentifier:)), AppExtensionsCompat (NSLog for objects).
import AppExtensionsCompat
import AppGroupsCompat
import Foundation

class AppDelegate {

    func applicationDidBecomeActive(_ application: UIApplication) {
        //获取共享的UserDefaults
        let userDefaults = NSUserDefaults(suiteName: "group.cn.vimfung.ShareExtensionDemo")!
        if userDefaults.bool(forKey: "has-new-share") {
            NSLog("新的分享 : %@", userDefaults.value(forKey: "share-url") as! String)

            //重置分享标识
            userDefaults.set(false, forKey: "has-new-share")
        }
    }

    /// The NSFileManager example of section 2.3.2, in a method; returns what it read.
    func groupFileExample() -> String? {
        //获取分组的共享目录
        let groupURL = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.cn.vimfung.ShareExtensionDemo")
        let fileURL = groupURL?.appendingPathComponent("demo.txt")

        //写入文件
        try? "abc".write(to: fileURL!, atomically: true, encoding: .utf8)

        //读取文件
        let str = try? String(contentsOf: fileURL!, encoding: .utf8)
        NSLog("str = %@", str ?? "")
        return str
    }
}
