import ExtensionUI
import Foundation

/// A controller that records every lifecycle call it hears, prefixed with its name.
@MainActor
final class RecordingController: UIViewController {
    let name: String
    let log: Log
    var onDidAppear: (@MainActor (RecordingController) -> Void)?

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() { log.add("\(name).loadView"); view = UIView() }
    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear") }
    override func viewWillLayoutSubviews() { log.add("\(name).viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.add("\(name).viewDidLayoutSubviews") }
    override func viewDidAppear(_ animated: Bool) {
        log.add("\(name).viewDidAppear")
        onDidAppear?(self)
    }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        log.add("\(name).viewWillTransition(\(Int(size.width))x\(Int(size.height)))")
    }
}

/// The calls heard, in order.
@MainActor
final class Log {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller whose view tree is what `build` makes.
@MainActor
final class TreeController: UIViewController {
    let build: @MainActor (UIView) -> Void

    init(_ build: @escaping @MainActor (UIView) -> Void) {
        self.build = build
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        build(view)
    }
}

@MainActor
func label(_ text: String, font: UIFont = .systemFont(ofSize: 17), color: UIColor = .label) -> UILabel {
    let label = UILabel()
    label.text = text
    label.font = font
    label.textColor = color
    return label
}
