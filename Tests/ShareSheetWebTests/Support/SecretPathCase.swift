import Testing

/// A request to a server whose addresses carry a secret (the share sheet's, the Today
/// dashboard's), and the status it must get.
struct SecretPathCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The path to ask for; `TOKEN` is replaced by the server's secret.
    let path: String
    let status: Int
    var testDescription: String { name }
}
