import AppExtensions
import ExtensionHost
import ExtensionUI

/// Runs a keyboard in this process: a new controller per run, presented and driven on the
/// main actor with the same rules as in an extension process; its edits reach the field
/// through ``TextInputDelivery``, as the host's do.
public struct InProcessKeyboardRunner: KeyboardRunner {
    private let makeController: @MainActor @Sendable () -> UIInputViewController

    /// A runner that makes a new keyboard from `makeController` for each run.
    public init(_ makeController: @escaping @MainActor @Sendable () -> UIInputViewController) {
        self.makeController = makeController
    }

    @MainActor
    public func type(_ steps: [KeyboardStep], into document: TextDocumentContext, environment: KeyboardEnvironment) async -> KeyboardRun {
        let recorder = TextInputRecorder()
        let keyboard = makeController()
        keyboard.keyboardEnvironment = environment
        keyboard.documentProxy.replaceContext(document)
        let host = ViewHost(root: keyboard, context: ExtensionContext())
        var copy = document
        func deliver(_ snapshot: ViewSnapshot) {
            for edit in snapshot.textEdits?.edits ?? [] {
                let effect = copy.apply(edit)
                TextInputDelivery.deliver(edit, effect: effect, composition: copy.marked, to: recorder)
            }
        }
        let initial = host.present()
        deliver(initial)
        var taken: [Bool?] = []
        for step in steps {
            switch step {
            case .press(let key):
                do throws(ViewActionError) {
                    deliver(try host.perform(.press(key)))
                    taken.append(true)
                } catch {
                    taken.append(false)
                }
            case .tap(let title):
                guard let key = host.currentSnapshot?.elements.first(where: { $0.kind == .button && $0.text == title }) else {
                    taken.append(false)
                    continue
                }
                do throws(ViewActionError) {
                    deliver(try host.perform(.tap(key.id)))
                    taken.append(true)
                } catch {
                    taken.append(false)
                }
            case .documentChange(let change):
                var incoming = change
                incoming.marked = copy.marked
                if incoming != copy {
                    copy = incoming
                    keyboard.documentDidChange(to: incoming)
                    if let changed = host.publishIfNeeded() { deliver(changed) }
                }
                taken.append(nil)
            }
        }
        host.dismiss()
        return KeyboardRun(initial: initial, taken: taken, calls: recorder.calls, document: copy)
    }
}
