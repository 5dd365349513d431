import Foundation

extension ItemProvider {
    /// Apple's `init(item:typeIdentifier:)` for a dynamically typed item (`NSURL`,
    /// `NSString`, `NSDictionary`, … written as Swift values).
    ///
    /// An item that is not a property-list value (see ``ItemProviderValue/init(any:)``)
    /// registers nothing and is reported to the diagnostic handler.
    public convenience init(anyItem item: Any?, typeIdentifier: String?) {
        guard let item else {
            self.init(item: nil as ItemProviderValue?, typeIdentifier: typeIdentifier)
            return
        }
        guard let value = ItemProviderValue(any: item) else {
            self.init()
            report(.init(.unsupportedItem, typeIdentifier: typeIdentifier ?? "",
                         "init(item:typeIdentifier:) was given a \(type(of: item)), which is not a property-list value; nothing registered"))
            return
        }
        self.init(item: value, typeIdentifier: typeIdentifier)
    }
}
