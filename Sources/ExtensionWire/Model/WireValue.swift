import AppExtensions
import Foundation

/// A value that crosses the wire: an ``ItemProviderValue`` (strings, URLs, bytes, numbers,
/// dates, arrays, dictionaries), or a file that travels as the message's descriptor
/// number ``file(descriptorIndex:name:)``.
package enum WireValue: Codable, Hashable, Sendable {
    /// A value carried in the payload.
    case value(ItemProviderValue)
    /// A file: the message's descriptor at `descriptorIndex`, and the file's name.
    case file(descriptorIndex: Int, name: String)
}

/// An error that crosses the wire: its domain, code and message.
package struct WireError: Codable, Hashable, Sendable, Error {
    /// The error domain (``ItemProviderError/errorDomain`` for load failures).
    package var domain: String
    /// The error code.
    package var code: Int
    /// What went wrong.
    package var message: String

    /// Creates an error.
    package init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// The error of `error`: an item provider error keeps its code, others are `-1` in
    /// their own domain.
    package init(_ error: any Error) {
        if let error = error as? ItemProviderError {
            self.init(domain: ItemProviderError.errorDomain, code: error.code.rawValue, message: error.message)
        } else if let error = error as? WireError {
            self = error
        } else {
            let ns = error as NSError
            self.init(domain: ns.domain, code: ns.code, message: ns.localizedDescription)
        }
    }

    /// An `NSError` with the message as its description.
    package var nsError: NSError {
        NSError(domain: domain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}

extension WireError {
    /// The error as the extension's loader sees it: an ``ItemProviderError`` when it came
    /// from one, else an `NSError`.
    package var loadError: any Error {
        guard domain == ItemProviderError.domain else { return nsError }
        return ItemProviderError(ItemProviderError.Code(code), message)
    }
}
