import Foundation

/// Converts between the `NSSecureCoding` objects iOS code hands an item provider (`NSURL`,
/// `NSString`, `NSData`, `NSNumber`, `NSDate`, `NSArray`, `NSDictionary`, ``UIImage``) and
/// the ``ItemProviderValue`` a provider stores and carries between processes.
///
/// ```swift
/// SecureCodingBridge.value(of: NSURL(string: "https://swift.org")!)   // .url(https://swift.org)
/// SecureCodingBridge.object(for: .string("hello")) as? NSString       // "hello"
/// ```
///
/// A value comes back as the class iOS hands out for it: a URL as `NSURL`, text as
/// `NSString`, bytes as `NSData`, numbers and Booleans as `NSNumber`, dates as `NSDate`,
/// arrays as `NSArray` and dictionaries as `NSDictionary` (elements converted the same way).
public enum SecureCodingBridge {
    /// The value of `object`: one of the classes above, or the Swift value they bridge to
    /// (`URL`, `String`, `Data`, numbers, `Date`, arrays, string-keyed dictionaries).
    ///
    /// Returns `nil` for anything else (an `NSAttributedString`, a class of the caller's
    /// own, a dictionary with a key that is not a string), naming no partial result.
    public static func value(of object: Any) -> ItemProviderValue? {
        switch object {
        case let value as ItemProviderValue: return value
        case let image as UIImage: return .data(image.imageData)
        case let number as NSNumber: return numberValue(number)
        case let url as NSURL: return .url(url as URL)
        case let string as NSString: return .string(string as String)
        case let data as NSData: return .data(data as Data)
        case let date as NSDate: return .date(date as Date)
        case let array as NSArray:
            var values: [ItemProviderValue] = []
            values.reserveCapacity(array.count)
            for element in array {
                guard let converted = value(of: element) else { return nil }
                values.append(converted)
            }
            return .array(values)
        case let dictionary as NSDictionary:
            var values: [String: ItemProviderValue] = [:]
            for (key, element) in dictionary {
                guard let key = key as? String, let converted = value(of: element) else { return nil }
                values[key] = converted
            }
            return .dictionary(values)
        default:
            return ItemProviderValue(any: object)
        }
    }

    /// The object iOS hands out for `value`.
    public static func object(for value: ItemProviderValue) -> any NSSecureCoding {
        switch value {
        case .string(let string): NSString(string: string)
        case .url(let url): url as NSURL
        case .data(let data): data as NSData
        case .integer(let integer): NSNumber(value: integer)
        case .double(let double): NSNumber(value: double)
        case .bool(let bool): NSNumber(value: bool)
        case .date(let date): date as NSDate
        case .array(let array): NSArray(array: array.map { object(for: $0) })
        case .dictionary(let dictionary): NSDictionary(dictionary: dictionary.mapValues { object(for: $0) })
        }
    }

    /// A number as Apple's property lists read it: a Boolean (`objCType` `c`), a real
    /// (`f`, `d`), else an integer.
    private static func numberValue(_ number: NSNumber) -> ItemProviderValue {
        switch String(cString: number.objCType) {
        case "c", "B": .bool(number.boolValue)
        case "f", "d": .double(number.doubleValue)
        default: .integer(number.intValue)
        }
    }
}
