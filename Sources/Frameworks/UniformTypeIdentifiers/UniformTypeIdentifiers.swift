// UniformTypeIdentifiers: UTType and its constants (TypeIdentifiers).
@_exported import Foundation
@_exported import TypeIdentifiers
