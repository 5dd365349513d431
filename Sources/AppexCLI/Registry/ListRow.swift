import ExtensionHost
import ExtensionManifest
import ExtensionRegistry

/// One line of `appex list`: an installed extension as the user sees it.
struct ListRow: Encodable {
    var order: Int?
    var identifier: String
    var point: String
    var pointIdentifier: String
    var enabled: Bool
    var application: String
    var displayName: String
    /// The `.appex` folder, relative to the home.
    var path: String
    /// intact, unsealed, modified or damaged (docs/REGISTRY.md, "The seal").
    var state: String
    /// The app's own state: its files outside the extensions.
    var applicationState: String
    /// Whether a share may run it: not when it is damaged or its executable or Info.plist changed.
    var runs: Bool
    /// Why the state is not intact, naming files.
    var problems: [String]

    init(_ entry: RegistryInventory.Extension, application: RegistryInventory.Application?) {
        order = entry.position
        identifier = entry.identifier
        pointIdentifier = entry.installed?.point ?? entry.point
        point = ExtensionPoint.shortName(pointIdentifier)
        enabled = entry.isEnabled
        self.application = entry.applicationIdentifier
        displayName = entry.installed.map(ExtensionRegistry.displayName) ?? entry.displayName
        path = entry.bundlePath
        state = entry.condition.rawValue
        applicationState = application?.condition.rawValue ?? InstalledCondition.damaged.rawValue
        runs = entry.isLaunchable
        problems = entry.problems + (application?.condition == .intact || application?.condition == .unsealed
            ? [] : (application?.problems ?? []).map { "the app: \($0)" })
    }

    enum CodingKeys: String, CodingKey {
        case order, identifier, point, pointIdentifier, enabled, application, displayName, path, state, applicationState, runs, problems
    }

    /// Encodes every key, `order` as `null` when the user did not order the extension.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let order { try c.encode(order, forKey: .order) } else { try c.encodeNil(forKey: .order) }
        try c.encode(identifier, forKey: .identifier)
        try c.encode(point, forKey: .point)
        try c.encode(pointIdentifier, forKey: .pointIdentifier)
        try c.encode(enabled, forKey: .enabled)
        try c.encode(application, forKey: .application)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(path, forKey: .path)
        try c.encode(state, forKey: .state)
        try c.encode(applicationState, forKey: .applicationState)
        try c.encode(runs, forKey: .runs)
        try c.encode(problems, forKey: .problems)
    }

    /// The rows as a table with a header, columns padded to their widest cell, then a line
    /// for each row that is not intact, saying why.
    static func table(_ rows: [ListRow]) -> String {
        let header = ["ORDER", "IDENTIFIER", "POINT", "ENABLED", "STATE", "APP", "NAME"]
        let cells = [header] + rows.map {
            [$0.order.map(String.init) ?? "-", $0.identifier, $0.point, $0.enabled ? "yes" : "no",
             $0.state + ($0.runs ? "" : " (will not run)"), $0.application, $0.displayName]
        }
        let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { line in
            line.enumerated().map { column, cell in
                column == line.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + notes(rows)
    }

    /// `com.example.x: damaged: its Info.plist cannot be read: …`, one line per problem.
    static func notes(_ rows: [ListRow]) -> String {
        let lines = rows.flatMap { row in row.problems.map { "\(row.identifier): \(row.state): \($0)" } }
        return lines.isEmpty ? "" : "\n\n" + lines.joined(separator: "\n")
    }
}
