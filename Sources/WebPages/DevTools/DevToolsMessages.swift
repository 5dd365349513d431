import Foundation

/// A command as the DevTools protocol sends it.
struct DevToolsCommand<Parameters: Encodable>: Encodable {
    var id: Int
    var method: String
    var params: Parameters
    var sessionId: String?
}

/// No parameters.
struct NoParameters: Encodable, Sendable {}

/// What every message carries, read first to route it: a reply has an `id`, an event a `method`.
struct DevToolsEnvelope: Decodable {
    var id: Int?
    var method: String?
    var sessionId: String?
}

/// A reply: its result, or Chromium's error.
struct DevToolsReply<Result: Decodable>: Decodable {
    struct Failure: Decodable {
        var code: Int
        var message: String
        var data: String?
    }

    var result: Result?
    var error: Failure?
}

/// An event's parameters.
struct DevToolsEvent<Parameters: Decodable>: Decodable {
    var params: Parameters
}

/// A result whose content is not needed.
struct IgnoredResult: Decodable, Sendable {}

/// `Runtime.RemoteObject`, as far as the host reads it; `Value` is what a value returned
/// by value decodes as.
struct RemoteObject<Value: Decodable & Sendable>: Decodable, Sendable {
    var type: String
    var subtype: String?
    var className: String?
    var description: String?
    var value: Value?
}

/// A JSON value returned by value: only strings, numbers and Booleans are read.
enum JSONScalar: Decodable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { self = .string(text) }
        else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else { self = .other }
    }

    /// The text, when this is a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// `Runtime.ExceptionDetails`: where a script threw, and what.
struct ExceptionDetails: Decodable, Sendable {
    var text: String
    var lineNumber: Int
    var columnNumber: Int
    var url: String?
    var exception: RemoteObject<JSONScalar>?

    /// `TypeError: x is not a function (line 3:14)`, lines and columns counted from 1.
    var summary: String {
        "\(message) (line \(lineNumber + 1):\(columnNumber + 1))"
    }
}

/// `Runtime.evaluate`'s parameters: the value comes back by value (JSON).
struct EvaluateParameters: Encodable {
    var expression: String
    var contextId: Int
    var awaitPromise: Bool
    var returnByValue = true
    var userGesture = false
}

/// `Runtime.evaluate`'s reply, its value decoded as `Value`.
struct EvaluateResult<Value: Decodable & Sendable>: Decodable, Sendable {
    var result: RemoteObject<Value>
    var exceptionDetails: ExceptionDetails?
}
