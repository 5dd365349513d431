import ExtensionUI
import Foundation
import Testing

@MainActor
@Suite("View controller lifecycle")
struct LifecycleTests {
    @Test("presenting and dismissing call UIKit's methods in UIKit's order, children after their parent")
    func order() {
        let log = Log()
        let root = RecordingController("root", log: log)
        let child = RecordingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        #expect(log.take() == ["root.loadView", "root.viewDidLoad", "child.loadView", "child.viewDidLoad"])

        let host = ViewHost(root: root, context: nil)
        host.present()
        #expect(log.take() == ["root.viewWillAppear", "child.viewWillAppear", "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
                               "root.viewDidAppear", "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews", "child.viewDidAppear"])
        host.present()
        #expect(log.take().isEmpty, "appearing twice does nothing")
        host.transition(to: CGSize(width: 320, height: 220))
        #expect(log.take() == ["root.viewWillTransition(320x220)", "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews"])
        host.dismiss()
        #expect(log.take() == ["root.viewWillDisappear", "child.viewWillDisappear", "root.viewDidDisappear", "child.viewDidDisappear"])
    }

    @Test("the view loads once, on first read, and viewIfLoaded does not load it")
    func loading() {
        let log = Log()
        let controller = RecordingController("c", log: log)
        #expect(controller.viewIfLoaded == nil)
        #expect(!controller.isViewLoaded)
        _ = controller.view
        _ = controller.view
        controller.loadViewIfNeeded()
        #expect(log.take() == ["c.loadView", "c.viewDidLoad"])
        #expect(controller.isViewLoaded)
    }

    @Test("a presented controller appears over its presenter and hands back to it when dismissed")
    func presentation() {
        let log = Log()
        let root = RecordingController("root", log: log)
        let sheet = RecordingController("sheet", log: log)
        let host = ViewHost(root: root, context: nil)
        host.present()
        _ = log.take()
        var completed = false
        root.present(sheet, animated: true) { completed = true }
        #expect(completed)
        #expect(root.presentedViewController === sheet)
        #expect(sheet.presentingViewController === root)
        #expect(log.take() == ["sheet.loadView", "sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.viewWillLayoutSubviews",
                               "sheet.viewDidLayoutSubviews", "sheet.viewDidAppear"])
        sheet.title = "Sheet"
        #expect(host.snapshot().title == "Sheet", "the presented controller is the one shown")
        sheet.dismiss(animated: true)
        #expect(root.presentedViewController == nil)
        #expect(log.take() == ["sheet.viewWillDisappear", "sheet.viewDidDisappear"])
    }

    @Test("a second presentation is refused and reported with the next snapshot")
    func secondPresentation() {
        let root = UIViewController()
        let host = ViewHost(root: root, context: nil)
        host.present()
        root.present(UIViewController(), animated: false)
        let second = UIViewController()
        root.present(second, animated: false)
        #expect(second.presentingViewController == nil)
        let misuses = host.snapshot().misuses
        #expect(misuses.count == 1)
        #expect(misuses.first?.contains("only one at a time") == true)
    }

    @Test("a navigation controller shows its top controller, titled by its navigation item, and moves appearance on push and pop")
    func navigation() {
        let log = Log()
        let first = RecordingController("first", log: log)
        first.title = "Accounts"
        let navigation = UINavigationController(rootViewController: first)
        let host = ViewHost(root: navigation, context: nil)
        host.present()
        #expect(host.snapshot().title == "Accounts")
        _ = log.take()
        let second = RecordingController("second", log: log)
        second.navigationItem.title = "Choose"
        navigation.pushViewController(second, animated: true)
        #expect(log.take() == ["first.viewWillDisappear", "second.loadView", "second.viewDidLoad", "second.viewWillAppear",
                               "first.viewDidDisappear", "second.viewWillLayoutSubviews", "second.viewDidLayoutSubviews", "second.viewDidAppear"])
        #expect(second.navigationController === navigation)
        #expect(host.snapshot().title == "Choose")
        #expect(navigation.popViewController(animated: true) === second)
        #expect(host.snapshot().title == "Accounts")
        #expect(navigation.popViewController(animated: true) == nil, "the root stays")
    }

    @Test("changes made outside an action tell the host once, and the next snapshot has them")
    func publishing() {
        let root = UIViewController()
        let host = ViewHost(root: root, context: nil)
        var asked = 0
        host.onNeedsPublish = { asked += 1 }
        host.present()
        #expect(host.publishIfNeeded() == nil)
        root.title = "Loading"
        let label = UILabel()
        root.view.addSubview(label)
        label.text = "3 items"
        #expect(asked >= 1)
        let shown = host.publishIfNeeded()
        #expect(shown?.title == "Loading")
        #expect(shown?.elements.map(\.text) == ["3 items"])
        #expect(host.publishIfNeeded() == nil)
    }

    @Test("the responder chain runs from a view up through its superviews to its controller")
    func responderChain() {
        let controller = UIViewController()
        let stack = UIStackView()
        let text = label("hello")
        stack.addArrangedSubview(text)
        controller.view.addSubview(stack)
        let chain = sequence(first: text as UIResponder, next: { $0.next }).map { String(describing: type(of: $0)) }
        #expect(chain == ["UILabel", "UIStackView", "UIView", "UIViewController"])
    }

    @Test("a child or presented controller answers its parent's extension context")
    func contextInheritance() {
        let root = UIViewController()
        let context = ExtensionContextProbe.make()
        _ = ViewHost(root: root, context: context)
        let child = UIViewController()
        root.addChild(child)
        #expect(child.extensionContext === context)
    }
}
