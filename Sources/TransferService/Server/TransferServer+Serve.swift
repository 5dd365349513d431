import TransferWire
import ExtensionIPC
import Foundation

extension TransferServer {
    /// One client: its hello, then its requests in order, each answered; notices the
    /// coordinator pushes go out through the same ordered outbox.
    func serve(_ socket: OwnedFileDescriptor, id: Int, coordinator: TransferCoordinator) async {
        guard let fd = socket.rawValue, let channel = try? Channel(adopting: socket) else { return }
        let (outbox, sink) = AsyncStream.makeStream(of: Frame.self)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await frame in outbox {
                    do { try await channel.send(frame) } catch { break }
                }
            }
            defer { sink.finish() }
            guard let hello = try? await channel.receive(),
                  let envelope = try? TransferEnvelope<TransferRequest>(frame: hello),
                  case .hello(let token) = envelope.body else {
                reply(.refused(.badRequest("the first message must be hello")), id: 0, sink: sink)
                return
            }
            switch identity.identify(socket: fd, token: token) {
            case .failure(let failure):
                reply(.refused(failure), id: envelope.id, sink: sink)
                return
            case .success(let caller):
                await coordinator.connect(id, caller: caller, outbox: sink)
                reply(.welcome(caller), id: envelope.id, sink: sink)
            }
            while let frame = try? await channel.receive() {
                let request: TransferEnvelope<TransferRequest>
                do throws(TransferFailure) {
                    request = try TransferEnvelope<TransferRequest>(frame: frame)
                } catch {
                    reply(.refused(error), id: 0, sink: sink)
                    break
                }
                await coordinator.answer(request.body, requestID: request.id, descriptors: frame.descriptors, from: id)
            }
            await coordinator.disconnect(id)
        }
        channel.close()
    }

    private func reply(_ reply: TransferReply, id: UInt64, sink: AsyncStream<Frame>.Continuation) {
        if let frame = try? TransferEnvelope(id: id, body: TransferNotice.reply(reply)).frame() { sink.yield(frame) }
    }
}
