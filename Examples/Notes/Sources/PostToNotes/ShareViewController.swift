// Post to Notes: seed document 000's share extension on the standard compose sheet, with
// its Apple names. The user writes a post (at most 140 characters); "是否公开" switches
// public posting on and off, and while it is on, "公开权限" pushes a picker of "所有人" /
// "好友". Post leaves the text and both settings in the Notes app group's inbox.
import AppExtensionsCompat
import AppGroups
import Foundation
import NotesKit

final class ShareViewController: SLComposeServiceViewController {
    static let group = "group.com.example.notes"
    static let audiences = ["所有人", "好友"]

    var isPublic = false
    var act = 0

    override func isContentValid() -> Bool {
        charactersRemaining = NSNumber(value: 140 - contentText.count)
        return !contentText.isEmpty && (charactersRemaining?.intValue ?? 0) >= 0
    }

    override func configurationItems() -> [Any]! {
        var items: [Any] = []
        let item: SLComposeSheetConfigurationItem = SLComposeSheetConfigurationItem()
        item.title = "是否公开"
        item.value = isPublic ? "是" : "否"
        item.tapHandler = { [weak self, weak item] in
            guard let self else { return }
            isPublic.toggle()
            item?.value = isPublic ? "是" : "否"
            reloadConfigurationItems()
        }
        items.append(item)
        if isPublic {
            let actItem: SLComposeSheetConfigurationItem = SLComposeSheetConfigurationItem()
            actItem.title = "公开权限"
            actItem.value = Self.audiences[act]
            actItem.tapHandler = { [weak self] in
                guard let self else { return }
                pushConfigurationViewController(ComposeConfigurationView(title: "公开权限", choices: Self.audiences, selected: act) { [weak self] index in
                    self?.act = index
                    self?.popConfigurationViewController()
                    self?.reloadConfigurationItems()
                })
            }
            items.append(actItem)
        }
        return items
    }

    override func didSelectPost() {
        do {
            let settings = ["是否公开": isPublic ? "是" : "否"].merging(isPublic ? ["公开权限": Self.audiences[act]] : [:]) { a, _ in a }
            let note = Note(text: contentText ?? "", settings: settings)
            let inbox = try ShareInbox(groupIdentifier: Self.group)
            let id = try inbox.append(InboxShare(text: note.text, configuration: note.shareConfiguration,
                                                 sourceExtensionIdentifier: "com.example.notes.PostToNotes"))
            FileHandle.standardError.write(Data("PostToNotes: saved the post as share \(id)\n".utf8))
            FileHandle.standardError.write(Data("PostToNotes: NotesKit from \(NotesKitImage.loadedPath() ?? "(linked statically)")\n".utf8))
            super.didSelectPost()
        } catch {
            extensionContext?.cancelRequest(withError: error as NSError)
        }
    }
}
