import Foundation
import Testing

/// A path that a layout type builds from `Subject`, and where it must be relative to the root.
struct PathCase<Subject>: CustomTestStringConvertible, Sendable {
    let name: String
    let path: @Sendable (Subject) -> URL
    /// The path relative to the root.
    let expected: String
    var isDirectory = true
    var testDescription: String { name }
}
