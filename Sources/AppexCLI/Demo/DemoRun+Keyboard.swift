import ExtensionHost
import ExtensionRegistry
import Foundation
import SystemSupport

extension DemoRun {
    /// The keys the demo types: pinyin, chosen with space, a comma made full-width after hanzi.
    static let keyboardScript = "nihao{space}zhong{space}guo{space},women"

    /// Builds and installs Pinyin (Examples/Pinyin), then types pinyin into a field with its
    /// keyboard, as `appex keyboard try --type` does: the letters are its composition, space
    /// takes the first candidate, which after 中 is 国 (documentContextBeforeInput).
    func typeWithKeyboard(options: LaunchOptions, step number: Int) async throws {
        step(number, "appex keyboard try com.example.pinyin.Keyboard --type \"\(Self.keyboardScript)\": a custom keyboard")
        let examples = source.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Pinyin")
        let output = home.root.appendingPathComponent("Build/Pinyin.app")
        let (home, products) = (home, products)
        let registry = try await Offload.perform { () throws -> ExtensionRegistry in
            _ = try BundleBuilder(source: examples.appendingPathComponent("Bundle"), products: products).build(to: output, replacing: true)
            let registry = try RegistryCatalog.open(home)
            _ = try registry.install(appAt: output)
            return registry
        }
        say("   built and installed Pinyin.app with its keyboard")
        let installed = try await Offload.perform { try registry.installedExtensions() }
        let keyboard = try KeyboardTryCommand.choose("com.example.pinyin.Keyboard", among: installed)
        let field = TerminalTextField(text: "")
        let steps = try KeyboardScript.parse(Self.keyboardScript)
        // The demo shows what the keyboard types, not how fast: each key may take 5 s, so that a
        // busy machine does not put the keyboard out of the way (a person gets 100 ms).
        var options = options
        options.keyboardKeyDeadline = .seconds(5)
        let outcome = await ExtensionHost(catalog: registry, options: options).withKeyboard(keyboard, document: field.context, client: field) { typing in
            await KeyboardTryRun(typing: typing, field: field).type(steps)
        }
        let report = DemoReport.KeyboardStep(keyboard: keyboard.identifier, script: Self.keyboardScript, text: field.text,
                                             composition: field.snapshot.preedit, keys: outcome.keys.count,
                                             taken: outcome.keys.filter { $0.went == "keyboard" }.count, failure: outcome.failure)
        recorder.updateStep { $0.keyboard = report }
        say("   typed \(report.keys) keys, \(report.taken) taken by the keyboard: \"\(report.text)\" with \"\(report.composition)\" still composing")
        if let failure = outcome.failure { throw CommandFailure("the keyboard failed: \(failure)") }
        guard report.text == "你好中国，" else { throw CommandFailure("the keyboard typed \"\(report.text)\", not 你好中国，") }
    }
}
