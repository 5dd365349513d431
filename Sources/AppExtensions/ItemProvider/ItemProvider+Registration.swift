import Foundation
import TypeIdentifiers

extension ItemProvider {
    /// Registers a value produced on demand under `typeIdentifier`, after the types
    /// already registered (register the most faithful type first).
    ///
    /// Registering an identifier that is already registered is ignored and reported as
    /// ``ItemProviderDiagnostic/Code/duplicateRegistration``: the first registration keeps
    /// its place in the fidelity order.
    public func registerItem(forTypeIdentifier typeIdentifier: String, loadHandler: @escaping LoadHandler) {
        add(Representation(typeIdentifier: typeIdentifier, visibility: .all, source: .item(loadHandler)))
    }

    /// Registers a value produced on demand, seen by `visibility` (for AppExtensionsCompat's
    /// `registerObject(_:visibility:)`; Apple's `registerItem` has no visibility).
    package func registerItem(forTypeIdentifier typeIdentifier: String, visibility: RepresentationVisibility,
                              loadHandler: @escaping LoadHandler) {
        add(Representation(typeIdentifier: typeIdentifier, visibility: visibility, source: .item(loadHandler)))
    }

    /// Registers bytes produced on demand under `typeIdentifier`.
    public func registerDataRepresentation(
        forTypeIdentifier typeIdentifier: String,
        visibility: RepresentationVisibility = .all,
        loadHandler: @escaping DataLoadHandler
    ) {
        add(Representation(typeIdentifier: typeIdentifier, visibility: visibility, source: .data(loadHandler)))
    }

    /// Registers a file produced on demand under `typeIdentifier`.
    ///
    /// Without `.openInPlace`, loaders get a temporary copy of the handler's file. The
    /// handler's `Bool` is Apple's `coordinated` flag, passed on to in-place loaders.
    public func registerFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        fileOptions: FileOptions = [],
        visibility: RepresentationVisibility = .all,
        loadHandler: @escaping FileLoadHandler
    ) {
        add(Representation(typeIdentifier: typeIdentifier, visibility: visibility,
                           source: .file(loadHandler, openInPlace: fileOptions.contains(.openInPlace), handsOver: false)))
    }

    /// Registers a file produced on demand that is already a temporary copy the provider
    /// owns, such as a file received from another process.
    ///
    /// `loadFileRepresentation` and `loadInPlaceFileRepresentation` hand the file to their
    /// loader without copying it and delete it when the loader's completion handler
    /// returns, as they would a copy. `loadItem` hands out its URL and leaves it alone.
    public func registerTemporaryFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        visibility: RepresentationVisibility = .all,
        loadHandler: @escaping FileLoadHandler
    ) {
        add(Representation(typeIdentifier: typeIdentifier, visibility: visibility,
                           source: .file(loadHandler, openInPlace: false, handsOver: true)))
    }

    /// Creates a provider for a file: its type as a file representation that opens in place
    /// (the file exists already, so a host can hand it over without a copy;
    /// `loadFileRepresentation` still gives loaders a copy), then `public.file-url` with the
    /// file's URL; the suggested name is the file's name.
    ///
    /// `detector` decides the type: ``FileTypeDetector/shared`` by extension only;
    /// FileTypeSniffing's `FileTypeDetector.sniffing` also reads the content of a file whose
    /// extension is absent or unknown, which is what a host sharing a user's files should pass.
    ///
    /// Returns `nil` when the path does not exist or cannot be examined.
    public convenience init?(contentsOf fileURL: URL, detector: FileTypeDetector = .shared) {
        guard fileURL.isFileURL, let detection = try? detector.detect(fileAt: fileURL) else { return nil }
        self.init()
        let url = fileURL.standardizedFileURL
        let type = detection.type.identifier
        if type.lowercased() != "public.file-url" {
            registerFileRepresentation(forTypeIdentifier: type, fileOptions: .openInPlace) { completion in
                completion(url, false, nil)
                return nil
            }
        }
        registerItem(forTypeIdentifier: "public.file-url") { completion, _, _ in completion(.url(url), nil) }
        suggestedName = url.lastPathComponent
    }

    private func add(_ representation: Representation) {
        let key = representation.typeIdentifier.lowercased()
        let added = state.withLock { state in
            guard !state.representations.contains(where: { $0.typeIdentifier.lowercased() == key }) else { return false }
            state.representations.append(representation)
            return true
        }
        if !added {
            report(.init(.duplicateRegistration, typeIdentifier: representation.typeIdentifier,
                         "\(representation.typeIdentifier) is already registered; the later registration was ignored"))
        }
    }
}
