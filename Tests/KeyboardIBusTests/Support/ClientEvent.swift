/// One line the test client printed.
struct ClientEvent: Decodable, Sendable, Equatable {
    var event: String
    var text: String?
    var field: String?
    var offset: Int?
    var count: Int?
    var cursor: Int?
    var visible: Bool?
    var id: Int?
    var handled: Bool?
    var keyval: UInt32?
    var keycode: UInt32?
    var state: UInt32?
    var names: [String]?
    var micros: [Int]?
    var message: String?
}
