// swift-tools-version: 6.0
import Foundation
import PackageDescription

// APPEX_NOTESKIT_LINKAGE=static links NotesKit into each executable instead: only for the
// memory figures of docs/BENCHMARKS.md ("Frameworks and the Swift runtime").
let linkage: Product.Library.LibraryType =
    ProcessInfo.processInfo.environment["APPEX_NOTESKIT_LINKAGE"] == "static" ? .static : .dynamic

// NotesKit: the Notes example's embedded framework (docs/BUNDLES.md, "Frameworks"). A
// package of its own so that its product is a shared library that the Notes app and its
// extensions load from Notes.app/Frameworks/ (SwiftPM links a product of the same package
// statically), built with only app-extension-safe API.
let package = Package(
    name: "NotesKit",
    products: [
        .library(name: "NotesKit", type: linkage, targets: ["NotesKit"]),
    ],
    dependencies: [
        .package(path: "../../../Packages/AppexBuildTools"),
    ],
    targets: [
        .target(name: "NotesKit",
                plugins: [.plugin(name: "ApplicationExtensionAPIOnly", package: "AppexBuildTools")]),
    ],
    swiftLanguageModes: [.v6]
)
