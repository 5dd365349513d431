import ArgumentParser
import ExtensionManifest

/// Options shared by `lint` and `match`: build-variable definitions.
struct ManifestOptions: ParsableArguments {
    @Option(name: .customLong("define"), parsing: .singleValue,
            help: ArgumentHelp("Expand an Xcode build variable, as in PRODUCT_BUNDLE_IDENTIFIER=com.example.app (repeatable).",
                               valueName: "NAME=VALUE"))
    var definitions: [String] = []

    /// A loader with the definitions applied.
    func loader() throws -> ManifestLoader {
        var variables = BuildVariables()
        for d in definitions {
            do { try variables.define(d) } catch { throw CommandFailure.report(error.message) }
        }
        return ManifestLoader(variables: variables)
    }
}

extension ManifestLoadError {
    /// The error as printed by the CLI: the parser's compiler-style text when there is one.
    var report: String { propertyListError.map { "\($0)" } ?? "error: " + message }
}
