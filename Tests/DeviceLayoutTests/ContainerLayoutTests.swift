import DeviceLayout
import Foundation
import Testing

@Suite struct ContainerLayoutTests {
    static let container = URL(fileURLWithPath: "/device/home/Containers/X", isDirectory: true)

    struct FolderCase: CustomTestStringConvertible, Sendable {
        let name: String
        let folder: @Sendable (URL) -> URL
        /// The path relative to the container.
        let expected: String
        var testDescription: String { name }
    }

    static let folders: [FolderCase] = [
        .init(name: "data: Documents", folder: { DataContainerLayout(root: $0).documentsDirectory }, expected: "Documents"),
        .init(name: "data: Library", folder: { DataContainerLayout(root: $0).libraryDirectory }, expected: "Library"),
        .init(name: "data: tmp", folder: { DataContainerLayout(root: $0).temporaryDirectory }, expected: "tmp"),
        .init(name: "group: preferences", folder: { AppGroupContainerLayout(root: $0).preferencesDirectory },
              expected: "Library/Preferences"),
        .init(name: "group: caches", folder: { AppGroupContainerLayout(root: $0).cachesDirectory }, expected: "Library/Caches"),
        .init(name: "group: share inbox", folder: { AppGroupContainerLayout(root: $0).shareInboxDirectory },
              expected: "Library/Application Support/ShareInbox"),
    ]

    @Test(arguments: folders)
    func foldersInsideTheContainer(_ example: FolderCase) {
        let url = example.folder(Self.container)
        #expect(url.path == Self.container.path + "/" + example.expected)
        #expect(url.hasDirectoryPath)
    }

    @Test func standardDirectoriesAreTheOnesMadeWithTheContainer() {
        let data = DataContainerLayout(root: Self.container)
        #expect(data.standardDirectories == [data.documentsDirectory, data.libraryDirectory, data.temporaryDirectory])
        let group = AppGroupContainerLayout(root: Self.container)
        #expect(group.standardDirectories == [group.preferencesDirectory, group.cachesDirectory])
    }
}
