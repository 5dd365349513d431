import Testing

/// `appex transfers` and each subcommand explain themselves (their behaviour against a
/// running service is tested in TransferServiceTests, with the built `appex`).
@Suite("appex transfers help")
struct TransfersHelpTests {
    @Test("help of every transfers command",
          arguments: [["transfers"], ["transfers", "list"], ["transfers", "show"], ["transfers", "cancel"], ["transfers", "wait"],
                      ["transfers", "serve"]])
    func help(_ command: [String]) async {
        let result = await appex(command + ["--help"])
        #expect(result.status == 0)
        expectSnapshot(result.output, named: "transfers/help-" + command.joined(separator: "-"))
    }
}
