import AppExtensionsCompat
import Foundation

/// Seed 000's share extension, ported with its Apple names: a 140-character limit, the
/// "是否公开" switch-like item and, while it is on, the "公开权限" item that pushes a picker
/// of "所有人" / "好友".
final class SeedShareViewController: SLComposeServiceViewController {
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
        item.tapHandler = { [weak self, weak item] in self?.togglePublic(item) }
        items.append(item)
        if isPublic {
            let actItem: SLComposeSheetConfigurationItem = SLComposeSheetConfigurationItem()
            actItem.title = "公开权限"
            actItem.value = ["所有人", "好友"][act]
            actItem.tapHandler = { [weak self] in self?.pickAudience() }
            items.append(actItem)
        }
        return items
    }

    /// 是否公开 switches public posting; 公开权限 appears or goes.
    private func togglePublic(_ item: SLComposeSheetConfigurationItem?) {
        isPublic.toggle()
        item?.value = isPublic ? "是" : "否"
        reloadConfigurationItems()
    }

    /// 公开权限's picker: 所有人 / 好友.
    private func pickAudience() {
        pushConfigurationViewController(ComposeConfigurationView(title: "公开权限", choices: ["所有人", "好友"], selected: act) { [weak self] index in
            self?.act = index
            self?.popConfigurationViewController()
            self?.reloadConfigurationItems()
        })
    }
}
