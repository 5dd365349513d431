import ExtensionHost
import ExtensionRegistry
import Foundation
import PhotoLibrary
import SystemSupport

extension DemoRun {
    /// Builds and installs Darkroom (Examples/Darkroom, beside the Notes example), then edits
    /// a copy of its sample photo with the Sepia editor, as `appex edit` does.
    func editPhoto(options: LaunchOptions, step number: Int) async throws {
        step(number, "appex edit Sample.jpg --with com.example.darkroom.Sepia: a photo editor, its original kept")
        let examples = source.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Darkroom")
        let output = home.root.appendingPathComponent("Build/Darkroom.app")
        let photo = home.root.appendingPathComponent("Pictures/Sample.jpg")
        let (home, products) = (home, products)
        let registry = try await Offload.perform { () throws -> ExtensionRegistry in
            _ = try BundleBuilder(source: examples.appendingPathComponent("Bundle"), products: products).build(to: output, replacing: true)
            try FileManager.default.createDirectory(at: photo.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: photo)
            try FileManager.default.copyItem(at: examples.appendingPathComponent("Sample.jpg"), to: photo)
            let registry = try RegistryCatalog.open(home)
            _ = try registry.install(appAt: output)
            return registry
        }
        say("   built and installed Darkroom.app with its Sepia editor; the photo: \(photo.path)")
        let library = try await Offload.perform { try PhotoLibrary(catalog: registry, options: options, home: home) }
        let editors = try await Offload.perform { try library.editors() }
        guard let sepia = editors.first(where: { $0.identifier == "com.example.darkroom.Sepia" }) else {
            throw CommandFailure("the Sepia editor is not offered for photos")
        }
        let report = EditReport.Edit(try await library.edit(photo.path, with: sepia))
        recorder.updateStep { $0.edit = report }
        say("   " + report.sentence(name: photo.lastPathComponent, editor: sepia.displayName))
        if !removeHome { say("   (appex edit \(photo.path) --revert restores the original, byte for byte)") }
        guard report.result == "edited" else { throw CommandFailure("the photo was not edited: \(report.message ?? report.result)") }
    }
}
