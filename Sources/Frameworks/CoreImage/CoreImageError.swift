import SystemSupport

/// Why Core Image could not make, filter or render an image: what ``CIContext``'s writing
/// methods throw, and what ``CIFilter/outputImageError`` reports when `outputImage` is `nil`.
///
/// ```swift
/// "\(CoreImageError(.wrongValueType, "CISepiaTone's inputIntensity takes a number, not String \"strong\""))"
/// // wrong-value-type: CISepiaTone's inputIntensity takes a number, not String "strong"
/// ```
public struct CoreImageError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `unknown-filter`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No filter has this name (`CIImage.applyingFilter(_:parameters:)`).
        public static let unknownFilter = Code("unknown-filter")
        /// The filter has no input of this key.
        public static let unknownKey = Code("unknown-key")
        /// An input was given a value of the wrong type (a string for a number, …).
        public static let wrongValueType = Code("wrong-value-type")
        /// A number input was given NaN or an infinity.
        public static let invalidValue = Code("invalid-value")
        /// The filter has no `inputImage`.
        public static let missingInputImage = Code("missing-input-image")
        /// The image's source cannot be read or decoded.
        public static let unreadableImage = Code("unreadable-image")
        /// The image has no pixels to render (an empty extent, an empty rectangle).
        public static let emptyImage = Code("empty-image")
        /// Computing the pixels or encoding them failed.
        public static let renderFailed = Code("render-failed")
        /// An option's value has the wrong type or range (a quality that is not a number).
        public static let invalidOption = Code("invalid-option")
        /// The encoded image could not be written to its file.
        public static let writeFailed = Code("write-failed")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the filter, key, value, file or option.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
