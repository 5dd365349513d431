import ArgumentParser
import FileTypeSniffing
import Foundation
import TypeIdentifiers

/// `appex types for-file`: the type of a file on disk.
struct TypesForFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "for-file",
        abstract: "Show the type of a file: by extension first, then by content (libmagic).",
        discussion: "A directory is public.folder, or the bundle type its extension declares (.app, .appex)."
    )

    @Argument(help: ArgumentHelp("The file or directory.", valueName: "path"))
    var path: String

    @OptionGroup var options: TypeOptions

    @Flag(help: "Print JSON.")
    var json = false

    private struct Report: Encodable {
        var path: String
        var method: String
        var sniffedMIMEType: String?
        var type: TypeReport
    }

    func run() throws {
        try options.registerDeclarations()
        let detection: FileTypeDetection
        do {
            detection = try FileTypeDetector.sniffing.detect(fileAt: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure.report(error.message)
        }
        let report = Report(path: path, method: detection.method.rawValue,
                            sniffedMIMEType: detection.sniffedMIMEType, type: TypeReport(detection.type))
        if json {
            Console.current.print(JSONOutput.render(report))
        } else {
            let how = detection.sniffedMIMEType.map { "\(detection.method.rawValue), libmagic said \($0)" } ?? detection.method.rawValue
            Console.current.print("\(path): \(detection.type.identifier) (by \(how))")
        }
    }
}
