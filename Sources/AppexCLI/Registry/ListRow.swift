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

    init(_ ext: InstalledExtension, path: String) {
        order = ext.position
        identifier = ext.identifier
        pointIdentifier = ext.point ?? ""
        point = ExtensionPoint.shortName(pointIdentifier)
        enabled = ext.isEnabled
        application = ext.bundle.containingApp?.info.identifier ?? ""
        displayName = ExtensionRegistry.displayName(ext)
        self.path = path
    }

    enum CodingKeys: String, CodingKey {
        case order, identifier, point, pointIdentifier, enabled, application, displayName, path
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
    }

    /// The rows as a table with a header, columns padded to their widest cell.
    static func table(_ rows: [ListRow]) -> String {
        let header = ["ORDER", "IDENTIFIER", "POINT", "ENABLED", "APP", "NAME"]
        let cells = [header] + rows.map {
            [$0.order.map(String.init) ?? "-", $0.identifier, $0.point, $0.enabled ? "yes" : "no", $0.application, $0.displayName]
        }
        let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { line in
            line.enumerated().map { column, cell in
                column == line.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
