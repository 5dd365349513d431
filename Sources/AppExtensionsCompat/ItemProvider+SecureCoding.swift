import Foundation

extension ItemProvider {
    /// Apple's `init(item:typeIdentifier:)`: `item` registered under `typeIdentifier`, as
    /// iOS code writes it.
    ///
    /// ```swift
    /// NSItemProvider(item: NSURL(string: "https://swift.org")!, typeIdentifier: "public.url")
    /// NSItemProvider(item: "hello" as NSString, typeIdentifier: kUTTypePlainText as String)
    /// NSItemProvider(item: results as NSDictionary, typeIdentifier: kUTTypePropertyList as String)
    /// ```
    ///
    /// The item is stored as its value (``SecureCodingBridge/value(of:)``), so that it can
    /// travel to another process; loads hand it back as the same class (a ``UIImage`` comes
    /// back as its bytes, an `NSData`). A `nil` item registers nothing (register later). An
    /// item with no value form registers nothing and is reported to the diagnostic handler
    /// as ``ItemProviderDiagnostic/Code/unsupportedItem``, an item without a type identifier
    /// as ``ItemProviderDiagnostic/Code/itemWithoutTypeIdentifier`` (Apple raises an
    /// exception for both).
    public convenience init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
        guard let item else {
            self.init(item: nil as ItemProviderValue?, typeIdentifier: typeIdentifier)
            return
        }
        guard let value = SecureCodingBridge.value(of: item) else {
            self.init()
            report(.init(.unsupportedItem, typeIdentifier: typeIdentifier ?? "",
                         "init(item:typeIdentifier:) was given a \(type(of: item)), which has no property-list form; nothing registered"))
            return
        }
        self.init(item: value, typeIdentifier: typeIdentifier)
    }
}
