import Foundation

extension ItemProvider {
    /// Produces the preview image on demand, preferably as `Data` or a file `URL`
    /// (`previewImageHandler`); `nil` when the provider has no preview.
    public var previewImageHandler: LoadHandler? {
        get { state.withLock { $0.previewImageHandler } }
        set { state.withLock { $0.previewImageHandler = newValue } }
    }

    /// Whether a preview image can be loaded (a ``previewImageHandler`` is set).
    public var hasPreviewImage: Bool { previewImageHandler != nil }

    /// Loads the preview image: the ``previewImageHandler``'s `Data` or `URL`.
    ///
    /// `options` may carry ``LoadOptions/preferredImageSize``; it is passed to the
    /// handler, which decides what to do with it (Appex renders no images here). Fails
    /// with -1000 when there is no handler, the handler fails or times out, and -1100 when
    /// it answers with something other than `Data` or a `URL`.
    ///
    /// Disfavoured, so that where AppExtensionsCompat is imported an untyped closure gets
    /// Apple's `(NSSecureCoding?, Error?)` form (docs/PORTING.md).
    @_disfavoredOverload
    public func loadPreviewImage(options: LoadOptions? = nil,
                                 completionHandler: @escaping @Sendable ((any Sendable)?, (any Error)?) -> Void) {
        guard let handler = previewImageHandler else {
            let types = registeredTypeIdentifiers.joined(separator: ", ")
            let error = ItemProviderError(.itemUnavailableError,
                                          "No preview image for an item of types \(types.isEmpty ? "(none)" : types): previewImageHandler is not set")
            Self.later(Result<Int, ItemProviderError>.failure(error)) { _ in completionHandler(nil, error) }
            return
        }
        let representation = Representation(typeIdentifier: "public.image", visibility: .all, source: .item(handler))
        fetch(representation, target: nil, options: options ?? [:], what: "the preview image") { result in
            switch result.map(\.value) {
            case .success(let value) where value.kind == .data || value.kind == .url || value.kind == .fileURL:
                completionHandler(value.anyValue, nil)
            case .success(let value):
                completionHandler(nil, ItemProviderError(.unexpectedValueClassError,
                                                         "The preview image handler returned \(value.kind); expected Data or a URL"))
            case .failure(let error):
                completionHandler(nil, error)
            }
        }
    }
}
