import AppExtensions
import ExtensionHost
import Foundation

extension SheetConnection {
    /// Runs the chosen extension: its compose sheet's states, its view controller's
    /// snapshots and its interface's messages
    /// go to the page as they come, the page's actions go to it one at a time.
    func run(_ installed: InstalledExtension, interface: ServedInterface?, actions: AsyncStream<PageAction>,
             post: AsyncStream<SheetMessage>.Continuation) async -> ExtensionRunReport {
        post.yield(.running(id: installed.identifier, name: installed.displayName, interface: interface?.pagePath))
        return await sheet.host.withSession(installed, items: sheet.items) { session in
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in session.events {
                        switch event {
                        case .composeSheet(let state): post.yield(.sheet(PageSheet(state), refusal: nil))
                        case .view(let snapshot): post.yield(.view(PageView(snapshot), refusal: nil))
                        case .interfaceMessage(let message): post.yield(.interface(message.json))
                        default: break
                        }
                    }
                }
                group.addTask {
                    for await action in actions {
                        switch action {
                        case .compose(let event):
                            guard let reply = await session.send(event) else { return }
                            if let refusal = reply.refusal { post.yield(.sheet(PageSheet(reply.state), refusal: refusal.message)) }
                        case .view(let action):
                            guard let reply = await session.send(action) else { return }
                            if let refusal = reply.refusal { post.yield(.view(PageView(reply.snapshot), refusal: refusal.message)) }
                        case .interface(let message):
                            do throws(WebInterfaceError) {
                                try await session.postToExtension(message)
                            } catch {
                                post.yield(.problem("The message was not passed on: \(error.message)"))
                            }
                        case .stop:
                            // The person closed the extension's interface from the sheet.
                            session.end()
                        }
                    }
                }
                let report = await session.report()
                group.cancelAll()
                return report
            }
        }
    }
}
