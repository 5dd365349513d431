// swift-tools-version: 6.1
import PackageDescription

// Build tools for packages that make Appex extensions and the frameworks they link: apart
// from Appex itself so that a framework's own package (Examples/Notes/NotesKit) can use
// them while Appex depends on that framework.
let package = Package(
    name: "AppexBuildTools",
    products: [
        .plugin(name: "ApplicationExtensionAPIOnly", targets: ["ApplicationExtensionAPIOnly"]),
        .plugin(name: "ExtensionEntryPoint", targets: ["ExtensionEntryPoint"]),
    ],
    targets: [
        // Xcode's "Require Only App-Extension-Safe API" for a target (docs/BUNDLES.md).
        .plugin(name: "ApplicationExtensionAPIOnly", capability: .buildTool()),
        // An extension target without main.swift: its principal class found by name in its
        // Info.plist or storyboard, and run (docs/PORTING.md, "An extension without main").
        .plugin(name: "ExtensionEntryPoint", capability: .buildTool()),
    ]
)
