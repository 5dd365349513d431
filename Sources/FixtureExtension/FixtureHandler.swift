import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation
import Glibc

/// The fixture's principal object.
final class FixtureHandler: ExtensionRequestHandling, Sendable {
    let behavior: FixtureBehavior

    init(behavior: FixtureBehavior) {
        self.behavior = behavior
    }

    func beginRequest(with context: ExtensionContext) {
        if Fixture.misbehave(behavior) { return }
        switch behavior {
        case .awaitBackground:
            let token = NotificationCenter.default.addObserver(forName: ExtensionContext.hostDidEnterBackgroundNotification,
                                                               object: context, queue: nil) { _ in
                context.completeRequest(returningItems: [Fixture.textItem("the host entered the background")])
            }
            // Tell the host it may send the state now: the observer is in place.
            if let ready = URL(string: "fixture://ready") { context.open(ready) }
            _ = withExtendedLifetime(token) { sleep(30) }
        case .neverComplete:
            return
        case .descriptorFlood:
            Fixture.floodDescriptors()
        case .noop:
            context.completeRequest(returningItems: [])
        case .cancel:
            context.cancelRequest(withError: NSError(domain: "FixtureErrorDomain", code: 42,
                                                     userInfo: [NSLocalizedDescriptionKey: "the fixture said no"]))
        default:
            Task { await self.work(context) }
        }
    }

    private func work(_ context: ExtensionContext) async {
        do {
            switch behavior {
            case .uppercase:
                context.completeRequest(returningItems: try await Fixture.uppercased(context.inputItems))
            case .modifyFile:
                context.completeRequest(returningItems: [try await Fixture.modifiedFile(context.inputItems)])
            case .openURL:
                let text = try await Fixture.firstText(context.inputItems)
                let opened = (try? await context.openURL(URL(string: text) ?? URL(fileURLWithPath: "/"))) ?? false
                context.completeRequest(returningItems: [Fixture.textItem("opened: \(opened)")])
            case .signalHost:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.signalHost())])
            case .tamper:
                context.completeRequest(returningItems: [Fixture.textItem(try await Fixture.tamper(context.inputItems))])
            case .peek:
                context.completeRequest(returningItems: [Fixture.textItem(try await Fixture.peek(context.inputItems))])
            case .raceLoads:
                context.completeRequest(returningItems: [Fixture.textItem(try await Fixture.firstAnswer(context.inputItems))])
            case .snoop:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.probe())])
            case .fillDisk:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.fillDisk())])
            case .writeFiles:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.writeFiles())])
            case .exhaustDescriptors:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.exhaustDescriptors())])
            case .leaveChild:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.leaveChild())])
            case .ptraceHost:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.traceHost())])
            case .connect:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.connectOut())])
            case .runProgram:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.runProgram())])
            case .plantSymlinks:
                context.completeRequest(returningItems: [Fixture.textItem(Fixture.plantSymlinks())])
            default:
                context.completeRequest(returningItems: [Fixture.textItem(try await Fixture.describe(context.inputItems))])
            }
        } catch {
            context.cancelRequest(withError: error as NSError)
        }
    }
}
