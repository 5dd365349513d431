import Foundation

/// Apple's load options (`[AnyHashable: Any]`) as ``LoadOptions`` and back.
///
/// Entries keep their string keys. Values that can cross threads are kept: property-list
/// values (through ``SecureCodingBridge``), and a size given as `CGSize` or `NSValue`
/// (how iOS code passes `NSItemProviderPreferredImageSizeKey`). Other values are left out,
/// as is an entry whose key is not a string.
enum AppleLoadOptions {
    /// `options` as ``LoadOptions``; `nil` is no options.
    static func loadOptions(_ options: [AnyHashable: Any]?) -> LoadOptions {
        var values: [String: any Sendable] = [:]
        for (key, value) in options ?? [:] {
            guard let key = key.base as? String else { continue }
            if let size = value as? CGSize {
                values[key] = size
            } else if let size = (value as? NSValue).flatMap(sizeValue) {
                values[key] = size
            } else if let converted = SecureCodingBridge.value(of: value) {
                values[key] = converted.anyValue
            }
        }
        return LoadOptions(values)
    }

    /// `options` as Apple's dictionary, for a load handler registered in Apple's form: a
    /// size as an `NSValue`, as iOS passes `NSItemProviderPreferredImageSizeKey`.
    static func dictionary(_ options: LoadOptions) -> [AnyHashable: Any] {
        var dictionary: [AnyHashable: Any] = [:]
        for (key, value) in options.values {
            dictionary[key] = (value as? CGSize).map { NSValue(size: $0) } ?? value
        }
        return dictionary
    }

    /// The size an `NSValue` holds, if it holds one.
    private static func sizeValue(_ value: NSValue) -> CGSize? {
        String(cString: value.objCType).hasPrefix("{CGSize") ? value.sizeValue : nil
    }
}
