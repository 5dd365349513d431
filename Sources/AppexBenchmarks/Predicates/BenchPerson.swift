/// The everyday cases' object as a Swift value, for the `#Predicate` equivalents.
struct BenchPerson: Sendable, Codable {
    /// A line item.
    struct Item: Sendable, Codable {
        /// Unit price.
        var price: Double
        /// Quantity.
        var qty: Int
    }

    /// A postal address.
    struct Address: Sendable, Codable {
        /// City name.
        var city: String
        /// Postal code.
        var zip: String
    }

    /// Given name.
    var name: String
    /// Age in years.
    var age: Int
    /// Free-form labels.
    var tags: [String]
    /// Numbers for the aggregate cases (`@sum`, `@max`, `ALL`).
    var scores: [Int]
    /// Line items for the index and key-path cases.
    var items: [Item]
    /// A nested object for the key-path cases.
    var address: Address
    /// Always absent in the cases: the `nil` case tests it.
    var nickname: String?
}
