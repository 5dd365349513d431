import DeviceLayout
import Foundation
import Testing

@Suite struct ContainerLayoutTests {
    static let container = URL(fileURLWithPath: "/device/home/Containers/X", isDirectory: true)

    static let folders: [PathCase<URL>] = [
        .init(name: "data: Documents", path: { DataContainerLayout(root: $0).documentsDirectory }, expected: "Documents"),
        .init(name: "data: Library", path: { DataContainerLayout(root: $0).libraryDirectory }, expected: "Library"),
        .init(name: "data: tmp", path: { DataContainerLayout(root: $0).temporaryDirectory }, expected: "tmp"),
        .init(name: "group: preferences", path: { AppGroupContainerLayout(root: $0).preferencesDirectory },
              expected: "Library/Preferences"),
        .init(name: "group: caches", path: { AppGroupContainerLayout(root: $0).cachesDirectory }, expected: "Library/Caches"),
        .init(name: "group: share inbox", path: { AppGroupContainerLayout(root: $0).shareInboxDirectory },
              expected: "Library/Application Support/ShareInbox"),
    ]

    @Test(arguments: folders)
    func foldersInsideTheContainer(_ example: PathCase<URL>) {
        let url = example.path(Self.container)
        #expect(url.path == Self.container.path + "/" + example.expected)
        #expect(url.hasDirectoryPath == example.isDirectory)
    }

    @Test func standardDirectoriesAreTheOnesMadeWithTheContainer() {
        let data = DataContainerLayout(root: Self.container)
        #expect(data.standardDirectories == [data.documentsDirectory, data.libraryDirectory, data.temporaryDirectory])
        let group = AppGroupContainerLayout(root: Self.container)
        #expect(group.standardDirectories == [group.preferencesDirectory, group.cachesDirectory])
    }
}
