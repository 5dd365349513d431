import Foundation

extension SharedDefaults {
    /// The string for `key`; a number comes back as its decimal string. `nil` otherwise.
    public func string(forKey key: String) -> String? {
        switch object(forKey: key) {
        case let string as String: string
        case let flag as Bool: flag ? "1" : "0"
        case let integer as Int: String(integer)
        case let real as Double: String(real)
        default: nil
        }
    }

    /// The integer for `key`, converting reals (truncating), booleans and numeric strings; 0 otherwise.
    public func integer(forKey key: String) -> Int {
        switch object(forKey: key) {
        case let flag as Bool: flag ? 1 : 0
        case let integer as Int: integer
        case let real as Double: real.isFinite && abs(real) < 9.2e18 ? Int(real) : 0
        case let string as String: Int(string) ?? Double(string).flatMap { $0.isFinite && abs($0) < 9.2e18 ? Int($0) : nil } ?? 0
        default: 0
        }
    }

    /// The real for `key`, converting integers, booleans and numeric strings; 0 otherwise.
    public func double(forKey key: String) -> Double {
        switch object(forKey: key) {
        case let flag as Bool: flag ? 1 : 0
        case let integer as Int: Double(integer)
        case let real as Double: real
        case let string as String: Double(string) ?? 0
        default: 0
        }
    }

    /// The real for `key` as a `Float`; 0 when absent or not a number.
    public func float(forKey key: String) -> Float { Float(double(forKey: key)) }

    /// The boolean for `key`: a non-zero number, or a string `YES`/`true` (any case) or a
    /// non-zero number string, is `true`; anything else `false`.
    public func bool(forKey key: String) -> Bool {
        switch object(forKey: key) {
        case let flag as Bool: flag
        case let integer as Int: integer != 0
        case let real as Double: real != 0
        case let string as String:
            ["yes", "true"].contains(string.lowercased()) || (Double(string).map { $0 != 0 } ?? false)
        default: false
        }
    }

    /// The bytes for `key`; `nil` unless the value is data.
    public func data(forKey key: String) -> Data? { object(forKey: key) as? Data }

    /// The array for `key`; `nil` unless the value is an array.
    public func array(forKey key: String) -> [Any]? { object(forKey: key) as? [Any] }

    /// The array for `key` when all its elements are strings.
    public func stringArray(forKey key: String) -> [String]? { object(forKey: key) as? [String] }

    /// The dictionary for `key`; `nil` unless the value is a dictionary.
    public func dictionary(forKey key: String) -> [String: Any]? { object(forKey: key) as? [String: Any] }

    /// The URL for `key`: a string with a scheme is read as a URL, any other string as a
    /// file path (`~` expanded). ``set(_:forKey:)-(URL?,_)`` stores a URL as its absolute string.
    public func url(forKey key: String) -> URL? {
        guard let string = object(forKey: key) as? String, !string.isEmpty else { return nil }
        if let url = URL(string: string), url.scheme != nil { return url }
        return URL(fileURLWithPath: (string as NSString).expandingTildeInPath)
    }
}
