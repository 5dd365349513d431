/// The everyday cases' object as a Swift value, for the `#Predicate` equivalents.
struct BenchPerson: Sendable, Codable {
    /// A line item.
    struct Item: Sendable, Codable {
        var price: Double
        var qty: Int
    }

    /// A postal address.
    struct Address: Sendable, Codable {
        var city: String
        var zip: String
    }

    var name: String
    var age: Int
    var tags: [String]
    var scores: [Int]
    var items: [Item]
    var address: Address
    var nickname: String?
}
