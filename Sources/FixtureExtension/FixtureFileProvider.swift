import FileProviders
import Foundation

/// The fixture as a file provider: serves the folder `Tree` in its storage folder, each
/// item's identifier its path there. With `crash`, `hang` or `garbage` it misbehaves at
/// every call, for the mount's hostile tests.
final class FixtureFileProvider: NSFileProviderExtension {
    let behavior: FixtureBehavior

    init(behavior: FixtureBehavior) {
        self.behavior = behavior
        super.init()
        try? FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true) // enumerate reports a missing tree
    }

    var tree: URL { documentStorageURL.appendingPathComponent("Tree", isDirectory: true) }

    private func misbehave() {
        switch behavior {
        case .crash: Fixture.crash()
        case .hang: while true { sleep(1000) }
        default: break
        }
    }

    func path(_ identifier: NSFileProviderItemIdentifier) -> URL {
        identifier == .rootContainer ? tree : tree.appendingPathComponent(identifier.rawValue)
    }

    func identifier(of url: URL) -> NSFileProviderItemIdentifier {
        Self.identifier(of: url, in: tree)
    }

    nonisolated static func identifier(of url: URL, in tree: URL) -> NSFileProviderItemIdentifier {
        let relative = url.standardizedFileURL.path.dropFirst(tree.standardizedFileURL.path.count + 1)
        return relative.isEmpty ? .rootContainer : NSFileProviderItemIdentifier(String(relative))
    }

    override func item(for identifier: NSFileProviderItemIdentifier) throws -> NSFileProviderItem {
        misbehave()
        return try FixtureItem(at: path(identifier), identifier: identifier, parent: parent(of: identifier), garbage: behavior == .garbage)
    }

    private func parent(of identifier: NSFileProviderItemIdentifier) -> NSFileProviderItemIdentifier {
        let folder = (identifier.rawValue as NSString).deletingLastPathComponent
        return folder.isEmpty ? .rootContainer : NSFileProviderItemIdentifier(folder)
    }

    override func urlForItem(withPersistentIdentifier identifier: NSFileProviderItemIdentifier) -> URL? { path(identifier) }

    override func persistentIdentifierForItem(at url: URL) -> NSFileProviderItemIdentifier? { identifier(of: url) }

    override func startProvidingItem(at url: URL, completionHandler: @escaping (Error?) -> Void) {
        misbehave()
        completionHandler(FileManager.default.fileExists(atPath: url.path) ? nil : NSFileProviderError(.noSuchItem))
    }

    override func itemChanged(at url: URL) {
        // The fixture's "server" is the tree itself: a change is recorded for the tests.
        try? Data(  // a record the tests read: a failed write shows there as a missing change
            identifier(of: url).rawValue.utf8).write(to: documentStorageURL.appendingPathComponent("last-change"))
    }

    override func enumerator(for containerItemIdentifier: NSFileProviderItemIdentifier) throws -> NSFileProviderEnumerator {
        misbehave()
        return FixtureEnumerator(folder: path(containerItemIdentifier), tree: tree, container: containerItemIdentifier,
                                 garbage: behavior == .garbage)
    }

    override func importDocument(at fileURL: URL, toParentItemIdentifier parentItemIdentifier: NSFileProviderItemIdentifier,
                                 completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        let destination = path(parentItemIdentifier).appendingPathComponent(fileURL.lastPathComponent)
        answer(destination, completionHandler) { try FileManager.default.copyItem(at: fileURL, to: destination) }
    }

    override func createDirectory(withName directoryName: String, inParentItemIdentifier parentItemIdentifier: NSFileProviderItemIdentifier,
                                  completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        let destination = path(parentItemIdentifier).appendingPathComponent(directoryName)
        answer(destination, completionHandler) { try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false) }
    }

    override func renameItem(withIdentifier itemIdentifier: NSFileProviderItemIdentifier, toName itemName: String,
                             completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        let source = path(itemIdentifier)
        let destination = source.deletingLastPathComponent().appendingPathComponent(itemName)
        answer(destination, completionHandler) { try FileManager.default.moveItem(at: source, to: destination) }
    }

    override func reparentItem(withIdentifier itemIdentifier: NSFileProviderItemIdentifier,
                               toParentItemWithIdentifier parentItemIdentifier: NSFileProviderItemIdentifier, newName: String?,
                               completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        let source = path(itemIdentifier)
        let destination = path(parentItemIdentifier).appendingPathComponent(newName ?? source.lastPathComponent)
        answer(destination, completionHandler) { try FileManager.default.moveItem(at: source, to: destination) }
    }

    override func deleteItem(withIdentifier itemIdentifier: NSFileProviderItemIdentifier, completionHandler: @escaping (Error?) -> Void) {
        do {
            try FileManager.default.removeItem(at: path(itemIdentifier))
            completionHandler(nil)
        } catch {
            completionHandler(NSFileProviderError(.noSuchItem, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
        }
    }

    /// Runs `change`, then answers with the item at `destination`, or a collision when it was there.
    private func answer(_ destination: URL, _ completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void, change: () throws -> Void) {
        if FileManager.default.fileExists(atPath: destination.path) {
            return completionHandler(nil, NSFileProviderError(.filenameCollision))
        }
        do {
            try change()
            let identifier = identifier(of: destination)
            completionHandler(try FixtureItem(at: destination, identifier: identifier, parent: parent(of: identifier), garbage: false), nil)
        } catch {
            completionHandler(nil, error)
        }
    }
}

/// A file or folder of the fixture's tree.
final class FixtureItem: NSObject, NSFileProviderItem {
    let itemIdentifier: NSFileProviderItemIdentifier
    let parentItemIdentifier: NSFileProviderItemIdentifier
    let filename: String
    let typeIdentifier: String
    let documentSize: NSNumber?
    let contentModificationDate: Date?

    init(at url: URL, identifier: NSFileProviderItemIdentifier, parent: NSFileProviderItemIdentifier, garbage: Bool) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
        itemIdentifier = identifier
        parentItemIdentifier = parent
        // Garbage: a name no folder can hold.
        filename = garbage ? "../\(url.lastPathComponent)" : (identifier == .rootContainer ? "Tree" : url.lastPathComponent)
        typeIdentifier = isFolder ? "public.folder" : "public.data"
        documentSize = isFolder ? nil : (attributes[.size] as? NSNumber)
        contentModificationDate = attributes[.modificationDate] as? Date
    }
}

/// Lists a folder of the fixture's tree, in pages of 1,000 sorted by name.
final class FixtureEnumerator: NSFileProviderEnumerator {
    let folder: URL
    let tree: URL
    let container: NSFileProviderItemIdentifier
    let garbage: Bool

    init(folder: URL, tree: URL, container: NSFileProviderItemIdentifier, garbage: Bool) {
        self.folder = folder
        self.tree = tree
        self.container = container
        self.garbage = garbage
    }

    func invalidate() {}

    func enumerateItems(for observer: NSFileProviderEnumerationObserver, startingAt page: NSFileProviderPage) {
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            let start = page == .initialPageSortedByName || page == .initialPageSortedByDate ? 0 : Int(String(decoding: page.rawValue, as: UTF8.self)) ?? 0
            let slice = names.dropFirst(start).prefix(1000)
            let items = try slice.map { name -> NSFileProviderItem in
                let url = folder.appendingPathComponent(name)
                let identifier = FixtureFileProvider.identifier(of: url, in: tree)
                return try FixtureItem(at: url, identifier: identifier, parent: container, garbage: garbage)
            }
            observer.didEnumerate(items)
            let next = start + slice.count
            observer.finishEnumerating(upTo: next < names.count ? NSFileProviderPage(Data(String(next).utf8)) : nil)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }
}
