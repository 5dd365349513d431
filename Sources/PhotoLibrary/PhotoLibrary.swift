import DeviceLayout
import ExtensionHost
import ExtensionManifest
import Foundation
import SystemSupport

/// A photo library that edits without destroying anything: the host of photo editing
/// extensions (`appex edit`).
///
/// ```swift
/// let library = try PhotoLibrary(catalog: registry, home: home)
/// let editor = try library.editors().first!
/// let outcome = try await library.edit("beach.jpg", with: editor)   // the photo now shows the edit
/// try await library.revert("beach.jpg")                              // the original, byte for byte
/// ```
///
/// The first edit of a photo copies its original into the store. Each edit asks the
/// editor whether it can handle the stored adjustment data: one that can gets the original
/// and the data (it resumes), one that cannot gets the photo as it looks and no data, as
/// in Photos. The photo file is replaced in one rename once the editor's output is a
/// whole JPEG; an editor that crashes, hangs, cancels or writes garbage leaves it as it
/// was (docs/PHOTO-EDITING.md).
public struct PhotoLibrary: Sendable {
    /// Each editor's memory cap: 256 MB (docs/PHOTO-EDITING.md, "Limits").
    public static let defaultMemoryCap = 256_000_000
    /// The display-size image's longer side, in pixels.
    public static let displaySize = 1024
    /// The most bytes of rendered output taken: 256 MiB.
    public static let maximumRenderedSize = 256 << 20

    /// The host that runs the editors (its options carry the memory cap).
    public var host: ExtensionHost
    /// Where originals, edits and adjustment data are kept.
    public var store: PhotoEditStore
    /// How long an editor may take to answer `canHandle`, or to start.
    public var answerTimeout: Duration = .seconds(10)
    /// How long an editor may take to render once the user tapped Done.
    public var renderTimeout: Duration = .seconds(60)

    /// A library over `catalog`, keeping its edits in `store`; each editor runs with
    /// `options`, its memory capped at `memoryCap`, and no wall clock (the timeouts above
    /// limit each step).
    public init(catalog: any ExtensionCatalog, options: LaunchOptions = LaunchOptions(), store: PhotoEditStore,
                memoryCap: Int? = defaultMemoryCap) {
        var options = options
        options.memoryCap = memoryCap
        options.wallClock = nil
        host = ExtensionHost(catalog: catalog, options: options)
        self.store = store
    }

    /// A library keeping its edits in `home`'s `Photos/`.
    public init(catalog: any ExtensionCatalog, options: LaunchOptions = LaunchOptions(), home: AppexHome,
                memoryCap: Int? = defaultMemoryCap) throws {
        self.init(catalog: catalog, options: options, store: try PhotoEditStore(home: home), memoryCap: memoryCap)
    }

    /// The editors offered for photos: installed, enabled photo editing extensions whose
    /// `PHSupportedMediaTypes` holds `Image`, in the user's order.
    public func editors() throws -> [InstalledExtension] {
        InstalledExtension.inUserOrder(try host.catalog.installedExtensions().filter(Self.editsImages))
    }

    /// Whether `installed` is an enabled photo editor of images.
    static func editsImages(_ installed: InstalledExtension) -> Bool {
        installed.point == ExtensionPoint.photoEditing && installed.isEnabled
            && installed.declaration?.supportedMediaTypes?.contains("Image") == true
    }

    /// Holds the library's lock for `body`: one edit or revert at a time per store.
    func exclusively<T: Sendable>(_ body: () async throws(PhotoLibraryError) -> T) async throws(PhotoLibraryError) -> T {
        let held: HeldFileLock?
        do {
            held = try FileLock(url: store.directory.appendingPathComponent("edits.lock")).acquireIfFree()
        } catch {
            throw PhotoLibraryError(.store, "cannot lock the photo library: \(error.message)")
        }
        guard let held else {
            throw PhotoLibraryError(.busy, "another edit of the photo library in \(store.directory.path) is in progress; try again when it ends")
        }
        defer { withExtendedLifetime(held) {} }
        return try await body()
    }

    /// The store's work, off Swift's shared threads, its errors as the library's.
    static func blocking<T: Sendable>(_ doing: String, _ work: @escaping @Sendable () throws -> T) async throws(PhotoLibraryError) -> T {
        do {
            return try await Offload.perform(work)
        } catch let error as PhotoLibraryError {
            throw error
        } catch {
            throw PhotoLibraryError(.store, "cannot \(doing): \((error as? any AppexError)?.message ?? "\(error)")")
        }
    }
}
