import CoreImage
import Foundation
import NotificationCenter
import Photos
import PhotosUI
import Testing
import UIKit

/// iOS extension code with its imports unchanged (UIKit, Social, NotificationCenter, Photos,
/// PhotosUI, CoreImage), driven as the runtime drives it: in UIKit's order, with what a
/// person sees read back.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct FrameworkPortTests {
    @Test("a plain UIViewController share extension: its title and label, its alert, Save completes")
    func bookmark() async throws {
        let host = RecordingHost()
        let item = NSExtensionItem()
        item.attachments = [NSItemProvider(item: try #require(NSURL(string: "https://swift.org/blog")), typeIdentifier: kUTTypeURL as String)]
        let controller = BookmarkShareViewController()
        let view = ViewHost(root: controller, context: host.context([item]))
        let first = view.present()
        #expect(first.title == "Add Bookmark")
        #expect(first.elements.map(\.text) == ["Loading…", "Save"])
        #expect(first.elements.last?.isEnabled == false)

        // The load answers on a queue; the label changes on the main queue, and the host hears of it.
        let loaded = await withCheckedContinuation { continuation in
            view.onNeedsPublish = { [weak view] in
                // Changes before Save is enabled publish too: the wait goes on until it is.
                if let shown = view?.publishIfNeeded(), shown.elements.last?.isEnabled == true {
                    view?.onNeedsPublish = nil
                    continuation.resume(returning: shown)
                }
            }
        }
        #expect(loaded.elements.first?.text == "https://swift.org/blog")
        let save = try #require(loaded.elements.last)
        #expect(save.isEnabled)
        let alerted = try view.perform(.tap(save.id))
        #expect(alerted.alert?.title == "Save this bookmark?")
        #expect(alerted.alert?.actions.map(\.title) == ["Cancel", "Save"])
        try view.perform(.chooseAlertAction(1))
        let returned = try #require(await host.ending().items)
        #expect(returned.first?.attributedTitle?.string == "Bookmarked")
    }

    @Test("a UIViewController Today widget: its labels as the widget's view, its height from preferredContentSize")
    func battery() async throws {
        let driver = WidgetDriver(context: RecordingHost().context([])) { BatteryTodayViewController() }
        let sizes: [NCWidgetDisplayMode: CGSize] = [.compact: CGSize(width: 320, height: 110), .expanded: CGSize(width: 320, height: 528)]
        let (result, state) = await withCheckedContinuation { continuation in
            driver.performUpdate(displayMode: .compact, maximumSizes: sizes) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(result == .newData)
        #expect(state.view.elements == [.title("Batteries"), .text("Headphones: 15%"), .caption("lowest of 3")])
        #expect(state.largestAvailableDisplayMode == .expanded)
        let expanded = driver.changeDisplayMode(to: .expanded, maximumSize: CGSize(width: 320, height: 528))
        #expect(expanded.preferredContentSize == WidgetState.Size(width: 320, height: 180))
        #expect(expanded.view.elements.last == .caption("Headphones 15%, Phone 82%, Watch 40%"))
    }

    @Test("a UIViewController photo editor rendering through Core Image: CISepiaTone's JPEG and its adjustment data")
    func sepia() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A 4×4 photo of one colour, made here, as the host hands it over (a JPEG file).
        let pixels = Data((0..<16).flatMap { _ in [UInt8(40), 120, 200, 255] })
        let source = CIImage(bitmapData: pixels, bytesPerRow: 16, size: CGSize(width: 4, height: 4), format: .RGBA8, colorSpace: CGColorSpaceCreateDeviceRGB())
        let url = folder.url.appendingPathComponent("photo.jpg")
        try CIContext().writeJPEGRepresentation(of: source, to: url, colorSpace: CGColorSpaceCreateDeviceRGB(), options: [:])

        let driver = ContentEditingDriver(context: RecordingHost().context([])) { SepiaEditingViewController() }
        let input = PHContentEditingInput(fullSizeImageURL: url, displaySizeImageURL: url, adjustmentData: nil, uniformTypeIdentifier: "public.jpeg")
        #expect(try driver.start(input, placeholderPath: url.path) == false)
        #expect(driver.title == "Sepia")
        let output = try #require(try await withCheckedThrowingContinuation { continuation in
            do {
                try driver.finish { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(throwing: error)
            }
        } as PHContentEditingOutput?)
        defer { try? FileManager.default.removeItem(at: output.renderedContentURL) }
        #expect(output.adjustmentData?.data == Data("0.8".utf8))
        let rendered = try #require(CIImage(contentsOf: output.renderedContentURL))
        #expect(rendered.extent.size == CGSize(width: 4, height: 4))
        let image = try #require(CIContext().createCGImage(rendered, from: rendered.extent))
        let pixel = Array(image.rgba8Pixels.prefix(3))
        #expect(pixel[0] > pixel[2], "sepia makes the blue photo warm: red above blue, got \(pixel)")
    }
}
