// Reader, the containing app of Highlight in Reader: it lists the pages the extension
// kept, from the app group's shared defaults, newest last.
//
//   reader-app          list the kept pages
//   reader-app --clear  forget them
import AppGroups
import Foundation

let group = "group.com.example.reader"

guard let defaults = SharedDefaults(suiteName: group) else {
    FileHandle.standardError.write(Data("reader-app: not a member of \(group)\n".utf8))
    exit(1)
}
if CommandLine.arguments.dropFirst().first == "--clear" {
    do { try defaults.set(nil, forKey: "pages") } catch {
        FileHandle.standardError.write(Data("reader-app: \(error)\n".utf8))
        exit(1)
    }
    print("Reader: forgot every page")
    exit(0)
}
let pages = defaults.array(forKey: "pages") as? [[String: Any]] ?? []
if pages.isEmpty { print("Reader: no pages yet (share one with Highlight in Reader)") }
for (index, page) in pages.enumerated() {
    let title = page["title"] as? String ?? "(untitled)"
    let url = page["url"] as? String ?? ""
    let images = page["images"] as? Int ?? 0
    print("\(index + 1). \(title) — \(url) (\(images) image\(images == 1 ? "" : "s"))")
    if let selection = page["selection"] as? String, !selection.isEmpty { print("   “\(selection)”") }
}
