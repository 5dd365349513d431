/// Why a ``PixelRecipe`` could not be read or rendered.
package struct PixelRenderError: Error, Hashable, Sendable {
    /// What failed.
    package enum Kind: Hashable, Sendable {
        /// The source cannot be opened or decoded (not an image, truncated, gone).
        case unreadableSource
        /// A step or the encoder failed, or the result is empty.
        case failed
    }

    /// What failed.
    package var kind: Kind
    /// What failed, in libvips' words where it gave some.
    package var message: String

    /// An error of `kind` saying `message`.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// An error of `kind`: `context`, then what libvips reported (its error buffer, cleared).
    static func fromVips(_ kind: Kind, _ context: String) -> PixelRenderError {
        let reported = Vips.takeError()
        return PixelRenderError(kind, reported.isEmpty ? context : "\(context): \(reported)")
    }
}
