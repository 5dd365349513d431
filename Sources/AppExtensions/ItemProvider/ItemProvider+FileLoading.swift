import Foundation
import TypeIdentifiers

extension ItemProvider {
    /// Loads `typeIdentifier` as a file and hands the loader a temporary copy that is
    /// deleted when the completion handler returns: copy or move it inside the handler.
    ///
    /// File representations are copied (a handed-over temporary file is passed as is);
    /// bytes are written out; other values go through the coercion table's `Data` rows
    /// first, except a file URL, whose file is copied. Returns a `Progress`.
    @discardableResult
    public func loadFileRepresentation(forTypeIdentifier typeIdentifier: String,
                                       completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void) -> Progress {
        loadFile(typeIdentifier, inPlace: false) { url, _, error in completionHandler(url, error) }
    }

    /// Loads `typeIdentifier` as a file, in place when the representation was registered
    /// with `.openInPlace` (`isInPlace` is then `true` and the URL is the original);
    /// otherwise exactly as ``loadFileRepresentation(forTypeIdentifier:completionHandler:)``,
    /// including the deletion of the copy when the completion handler returns.
    @discardableResult
    public func loadInPlaceFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress {
        loadFile(typeIdentifier, inPlace: true, completionHandler)
    }

    /// The file loads' one body; `cleanedUp` runs once the completion handler has returned
    /// and the temporary copy is gone (the async forms resume only then).
    func loadFile(_ typeIdentifier: String, inPlace: Bool,
                  cleanedUp: (@Sendable () -> Void)? = nil,
                  _ completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let representation: Representation
        switch require(typeIdentifier) {
        case .success(let found): representation = found
        case .failure(let error):
            Self.later(Result<Int, ItemProviderError>.failure(error)) { _ in
                completionHandler(nil, false, error)
                cleanedUp?()
            }
            return progress
        }
        let name = suggestedName
        fetch(representation, target: .url, options: [:], what: "a file", progress: progress) { result in
            let type = representation.typeIdentifier
            let staged: Result<StagedFile, ItemProviderError> = result.flatMap { fetched in
                Result { () throws(ItemProviderError) in
                    try StagedFile.stage(fetched, typeIdentifier: type, suggestedName: name,
                                         allowInPlace: inPlace, registry: .shared)
                }
            }
            switch staged {
            case .success(let file):
                completionHandler(file.url, file.isInPlace, nil)
                file.cleanUp()
            case .failure(let error):
                completionHandler(nil, false, error)
            }
            cleanedUp?()
        }
        return progress
    }
}

/// A file ready for a loader, and what to delete once the loader is done with it.
struct StagedFile {
    var url: URL
    var isInPlace: Bool
    /// The file or folder to delete after the completion handler returns.
    var disposable: URL?

    func cleanUp() {
        if let disposable { try? FileManager.default.removeItem(at: disposable) }
    }

    /// Turns a handler's answer into a file the loader may read.
    static func stage(_ fetched: Fetched, typeIdentifier: String, suggestedName: String?,
                      allowInPlace: Bool, registry: @autoclosure () -> TypeRegistry) throws(ItemProviderError) -> StagedFile {
        switch fetched {
        case .file(let url, _, _, true) where allowInPlace:
            return StagedFile(url: url, isInPlace: true, disposable: nil)
        case .file(let url, _, true, _):
            return StagedFile(url: url, isInPlace: false, disposable: url)
        case .file(let url, _, _, _):
            return try copy(url, typeIdentifier: typeIdentifier, suggestedName: suggestedName)
        case .value(.url(let url)) where url.isFileURL:
            return try copy(url, typeIdentifier: typeIdentifier, suggestedName: suggestedName)
        case .data(let data):
            return try write(data, typeIdentifier: typeIdentifier, suggestedName: suggestedName, registry: registry())
        case .value(let value):
            guard case .data(let data) = try ItemCoercion.coerce(value, to: .data, registeredAs: typeIdentifier,
                                                                 registry: registry()) else {
                throw ItemProviderError(.unknownError, "Coercion to Data of type \(typeIdentifier) did not give Data")
            }
            return try write(data, typeIdentifier: typeIdentifier, suggestedName: suggestedName, registry: registry())
        }
    }

    private static func copy(_ url: URL, typeIdentifier: String, suggestedName: String?) throws(ItemProviderError) -> StagedFile {
        let folder = try makeFolder(typeIdentifier)
        // A file received from another process is an open descriptor, read through
        // /proc/self/fd/N: copy its bytes (not the link) under the suggested name.
        let received = url.path.hasPrefix("/proc/self/fd/")
        var name = url.lastPathComponent.isEmpty ? "item" : url.lastPathComponent
        if received { name = suggestedName.flatMap { $0.isEmpty || $0.contains("/") ? nil : $0 } ?? "item" }
        let copy = folder.appendingPathComponent(name)
        do {
            if received {
                try copyBytes(from: url, to: copy)
            } else {
                try FileManager.default.copyItem(at: url, to: copy)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw ItemProviderError(.itemUnavailableError,
                                    "Cannot load a file of type \(typeIdentifier): cannot copy \(url.path)",
                                    underlyingError: error)
        }
        return StagedFile(url: copy, isInPlace: false, disposable: folder)
    }

    /// Streams `source`'s bytes into a new file at `destination`, 1 MiB at a time.
    private static func copyBytes(from source: URL, to destination: URL) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
    }

    private static func write(_ data: Data, typeIdentifier: String, suggestedName: String?,
                              registry: TypeRegistry) throws(ItemProviderError) -> StagedFile {
        let folder = try makeFolder(typeIdentifier)
        var name = suggestedName.flatMap { $0.isEmpty || $0.contains("/") ? nil : $0 } ?? "item"
        if (name as NSString).pathExtension.isEmpty,
           let ext = registry.type(withIdentifier: typeIdentifier)?.preferredFilenameExtension {
            name += "." + ext
        }
        let file = folder.appendingPathComponent(name)
        do {
            try data.write(to: file)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw ItemProviderError(.unknownError, "Cannot write a temporary file for type \(typeIdentifier) at \(file.path)",
                                    underlyingError: error)
        }
        return StagedFile(url: file, isInPlace: false, disposable: folder)
    }

    private static func makeFolder(_ typeIdentifier: String) throws(ItemProviderError) -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("appex-item-provider-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ItemProviderError(.unknownError, "Cannot create a temporary folder for type \(typeIdentifier)",
                                    underlyingError: error)
        }
        return folder
    }
}
