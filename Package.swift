// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Appex",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "appex", targets: ["appex"]),
        .library(name: "TypeIdentifiers", targets: ["TypeIdentifiers"]),
        .library(name: "PredicateFormat", targets: ["PredicateFormat"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C: libmagic, for content sniffing (Debian: libmagic-dev).
        .systemLibrary(name: "CMagic", path: "Sources/CMagic",
                       providers: [.apt(["libmagic-dev"])]),

        // Core: Foundation (and libmagic) only.
        .target(name: "TypeIdentifiers", dependencies: ["CMagic"]),
        .target(name: "PredicateFormat", dependencies: ["TypeIdentifiers"]),

        // Leaf: the command-line tool.
        .target(name: "AppexCLI", dependencies: [
            "TypeIdentifiers", "PredicateFormat",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "appex", dependencies: ["AppexCLI"]),

        // Benchmarks: `swift run -c release appex-bench`.
        .executableTarget(name: "appex-bench", dependencies: ["TypeIdentifiers", "PredicateFormat"],
                          path: "Sources/AppexBenchmarks"),

        .testTarget(name: "TypeIdentifiersTests", dependencies: ["TypeIdentifiers"]),
        .testTarget(name: "PredicateFormatTests", dependencies: ["PredicateFormat", "TypeIdentifiers"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "AppexCLITests", dependencies: ["AppexCLI"], exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
