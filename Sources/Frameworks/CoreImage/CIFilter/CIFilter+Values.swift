import Foundation

extension CIFilter {
    /// ``setValue(_:forKey:)``'s work for a built-in filter.
    func store(_ value: Any?, forKey key: String) {
        problems.removeAll { $0.key == key }
        if key == kCIInputImageKey {
            switch value {
            case nil: inputImage = nil
            case let image as CIImage: inputImage = image
            case let other?: record(key, CoreImageError(.wrongValueType, "\(name)'s \(key) takes a CIImage, not \(Self.describe(other))"))
            }
            return
        }
        guard inputKeys.contains(key) else {
            record(key, CoreImageError(.unknownKey, "\(name) has no input \(key); its inputs are \(inputKeys.joined(separator: ", "))"))
            return
        }
        guard let value else {
            numbers[key] = nil
            return
        }
        guard let number = Self.number(value) else {
            record(key, CoreImageError(.wrongValueType, "\(name)'s \(key) takes a number, not \(Self.describe(value))"))
            return
        }
        guard number.isFinite else {
            record(key, CoreImageError(.invalidValue, "\(name)'s \(key) takes a finite number, not \(number)"))
            return
        }
        numbers[key] = number
    }

    /// ``value(forKey:)``'s work for a built-in filter.
    func storedValue(forKey key: String) -> Any? {
        switch key {
        case kCIInputImageKey: return inputImage
        case kCIOutputImageKey: return outputImage
        default:
            guard let input = definition?.input(key) else { return nil }
            return numbers[key] ?? input.defaultValue
        }
    }

    /// Records `error` for `key`.
    func record(_ key: String, _ error: CoreImageError) {
        problems.append((key, error))
    }

    /// `value` as a `Double` when it is a number.
    static func number(_ value: Any) -> Double? {
        switch value {
        case let number as Double: number
        case let number as Float: Double(number)
        case let number as CGFloat: Double(number)
        case let number as Int: Double(number)
        case let number as Int32: Double(number)
        case let number as Int64: Double(number)
        case let number as UInt: Double(number)
        case let number as NSNumber where !(value is Bool): number.doubleValue
        default: nil
        }
    }

    /// `value`'s type and, briefly, itself: `String "strong"`.
    static func describe(_ value: Any) -> String {
        let text = String(reflecting: value)
        return "\(type(of: value)) \(text.count > 60 ? text.prefix(57) + "..." : text)"
    }
}
